import { leadAge } from './lead-age.ts'

const NOW = Date.parse('2026-11-27T12:00:00Z')
const ago = (milliseconds: number) => new Date(NOW - milliseconds).toISOString()
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe("a lead's age", () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [-5 * MINUTE, 'just now'],
    [MINUTE, '1 min ago'],
    [59 * MINUTE, '59 min ago'],
    [2 * HOUR + 59 * MINUTE, '2 h ago'],
    [23 * HOUR + 59 * MINUTE, '23 h ago'],
    [DAY, '1 d ago'],
    [59 * DAY, '59 d ago'],
    [60 * DAY, '2 mo ago'],
    [364 * DAY, '12 mo ago'],
    [365 * DAY, '1 y ago'],
    [3 * 365 * DAY, '3 y ago'],
  ])('%i ms reads %s', (milliseconds, text) => {
    expect(leadAge(ago(milliseconds), NOW)).toBe(text)
  })

  it('reads the microseconds the server sends', () => {
    expect(leadAge('2026-11-27T09:59:59.123456Z', NOW)).toBe('2 h ago')
  })
})
