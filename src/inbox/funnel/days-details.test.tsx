import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FunnelDay } from '../../../common/funnel-api.ts'
import { DaysDetails } from './days-details.tsx'
import { formatDay, formatDayRange } from './figures.ts'

const day = (date: string, visitors = 0, applications = 0): FunnelDay => ({
  day: date,
  visitors,
  applications,
  conversionRate: visitors === 0 ? null : applications / visitors,
})

describe('the daily table', () => {
  it('is folded behind its toggle, and lists a run of days without visits as one line', async () => {
    const days = [
      day('2026-11-11', 5, 1),
      ...Array.from({ length: 7 }, (_unused, index) => day(`2026-11-${12 + index}`)),
      day('2026-11-19', 2),
    ]
    render(<DaysDetails days={days} caption="Days of November" />)
    const toggle = screen.getByText('Show the days as a table')
    const details = toggle.closest('details')
    expect(details?.open).toBe(false)

    await userEvent.click(toggle)
    expect(details?.open).toBe(true)
    const table = screen.getByRole('table', { name: 'Days of November' })
    const headers = within(table)
      .getAllByRole('rowheader')
      .map((header) => header.textContent)
    expect(headers).toEqual([
      formatDay('2026-11-11'),
      `${formatDayRange('2026-11-12', '2026-11-18')}: no visits`,
      formatDay('2026-11-19'),
    ])
    // One span for the run, as the reader's locale writes it (12–18 Nov 2026, Nov 12 – 18, 2026…).
    expect(formatDayRange('2026-11-12', '2026-11-18')).toMatch(/12.*18/)
  })
})
