import { afterEach, describe, expect, it } from 'vitest'
import { formatDay, setInboxTimeZone } from '../ui/format.ts'
import { sourceSummary } from './source-summary.ts'

const now = new Date('2026-11-27T12:00:00Z')

describe('a lead’s source in words', () => {
  afterEach(() => setInboxTimeZone('UTC'))

  it('names the source, the campaign and the day of the first visit', () => {
    const attribution = {
      first_touch: { utm_source: 'ig', captured_at: '2026-11-20T09:30:00.000Z' },
      last_touch: { utm_source: 'ig', utm_campaign: 'launch', captured_at: '2026-11-22T09:30:00.000Z' },
    }
    expect(sourceSummary('ig', attribution, now)).toBe(
      `Instagram · campaign launch · first seen ${formatDay('2026-11-20T09:30:00.000Z', now)}`,
    )
    expect(formatDay('2026-11-20T09:30:00.000Z', now)).toMatch(/20/)
    expect(formatDay('2026-11-20T09:30:00.000Z', now)).not.toMatch(/2026/)
  })

  it('says a visit without a source is direct, shows an unknown source as it is, and leaves out what is missing', () => {
    expect(sourceSummary(null, null, now)).toBe('Direct visit')
    expect(sourceSummary('news.example', { last_touch: { referrer_origin: 'https://news.example' } }, now)).toBe(
      'news.example',
    )
    expect(formatDay('2025-03-01T12:00:00.000Z', now)).toMatch(/2025/)
    expect(formatDay('not a time', now)).toBeUndefined()
  })

  it('gives the first visit’s day on the agency’s clock (TIMEZONE), its year too', () => {
    // 02:30 UTC on the 20th is 21:30 on the 19th in New York; 1 Jan 02:00 UTC is New Year's Eve there.
    const evening = { first_touch: { utm_source: 'ig', captured_at: '2026-11-20T02:30:00.000Z' } }
    setInboxTimeZone('UTC')
    expect(sourceSummary('ig', evening, now)).toMatch(/first seen \D*20\D*$/)
    setInboxTimeZone('America/New_York')
    expect(sourceSummary('ig', evening, now)).toMatch(/first seen \D*19\D*$/)
    expect(formatDay('2026-01-01T02:00:00.000Z', now)).toMatch(/31.*2025|2025.*31/)
    setInboxTimeZone('Asia/Tokyo')
    expect(formatDay('2026-01-01T02:00:00.000Z', now)).not.toMatch(/20\d\d/)
  })
})
