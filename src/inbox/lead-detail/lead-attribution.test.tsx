import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setInboxTimeZone } from '../ui/format.ts'
import { LeadAttribution } from './lead-attribution.tsx'

describe('a lead’s first and last touch', () => {
  afterEach(() => setInboxTimeZone('UTC'))

  it('shows when each visit was captured on the agency’s clock (TIMEZONE), not as stored in UTC', () => {
    setInboxTimeZone('America/New_York')
    const { container } = render(
      <LeadAttribution
        attribution={{
          first_touch: { utm_source: 'ig', captured_at: '2026-11-20T02:30:00.000Z' },
          last_touch: { utm_source: 'ig', captured_at: 'whenever' },
        }}
      />,
    )
    const times = container.querySelectorAll('time')
    expect(times).toHaveLength(1)
    expect(times[0]?.getAttribute('dateTime')).toBe('2026-11-20T02:30:00.000Z')
    // 21:30 on the 19th in New York.
    expect(times[0]?.textContent).toMatch(/19/)
    expect(times[0]?.textContent).toMatch(/9:30|21:30/)
    expect(screen.queryByText('2026-11-20T02:30:00.000Z')).toBeNull()
    // What is not a time stays as it was stored.
    expect(screen.getByText('whenever')).toBeDefined()
  })
})
