import { describe, expect, it } from 'vitest'
import { sourceSummary, spokenDay } from './source-summary.ts'

const now = new Date('2026-11-27T12:00:00Z')

describe('a lead’s source in words', () => {
  it('names the source, the campaign and the day of the first visit', () => {
    const attribution = {
      first_touch: { utm_source: 'ig', captured_at: '2026-11-20T09:30:00.000Z' },
      last_touch: { utm_source: 'ig', utm_campaign: 'launch', captured_at: '2026-11-22T09:30:00.000Z' },
    }
    expect(sourceSummary('ig', attribution, now)).toBe(
      `Instagram · campaign launch · first seen ${spokenDay('2026-11-20T09:30:00.000Z', now)}`,
    )
    expect(spokenDay('2026-11-20T09:30:00.000Z', now)).toMatch(/20/)
    expect(spokenDay('2026-11-20T09:30:00.000Z', now)).not.toMatch(/2026/)
  })

  it('says a visit without a source is direct, shows an unknown source as it is, and leaves out what is missing', () => {
    expect(sourceSummary(null, null, now)).toBe('Direct visit')
    expect(sourceSummary('news.example', { last_touch: { referrer_origin: 'https://news.example' } }, now)).toBe(
      'news.example',
    )
    expect(spokenDay('2025-03-01T00:00:00.000Z', now)).toMatch(/2025/)
    expect(spokenDay('not a time', now)).toBeUndefined()
  })
})
