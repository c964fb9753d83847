import { describe, expect, it } from 'vitest'
import { isTimeZone, zonedDateTime, zonedDay, zonedDayEnd, zonedDayStart } from './zoned-day.ts'

describe('days in a time zone', () => {
  it('puts 20:15 in New York on its own evening, the next day in UTC', () => {
    const evening = new Date('2026-11-27T01:15:00Z') // 20:15 on the 26th in New York (EST, UTC-5)
    expect(zonedDay(evening, 'America/New_York')).toBe('2026-11-26')
    expect(zonedDay(evening, 'UTC')).toBe('2026-11-27')
  })

  it('writes the wall-clock date and time of a zone, to the second', () => {
    const evening = new Date('2026-11-27T01:15:42.987Z')
    expect(zonedDateTime(evening, 'America/New_York')).toBe('2026-11-26 20:15:42')
    expect(zonedDateTime(evening, 'Asia/Kolkata')).toBe('2026-11-27 06:45:42')
  })

  it("starts and ends a day at the zone's midnight, summer and winter", () => {
    expect(zonedDayStart('2026-11-27', 'America/New_York').toISOString()).toBe('2026-11-27T05:00:00.000Z')
    expect(zonedDayEnd('2026-11-27', 'America/New_York').toISOString()).toBe('2026-11-28T05:00:00.000Z')
    expect(zonedDayStart('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z')
    expect(zonedDayStart('2026-07-01', 'Asia/Kolkata').toISOString()).toBe('2026-06-30T18:30:00.000Z')
  })

  it('counts a day across a clock change as 23 or 25 hours', () => {
    const hours = (day: string) =>
      (zonedDayEnd(day, 'Europe/Paris').getTime() - zonedDayStart(day, 'Europe/Paris').getTime()) / 3_600_000
    expect(hours('2026-03-29')).toBe(23)
    expect(hours('2026-10-25')).toBe(25)
  })

  it('begins a day whose midnight the clock skips at the first instant after the gap', () => {
    // Chile moves its clocks forward at 24:00 on the first Saturday of September: 2026-09-06 starts at 01:00.
    const start = zonedDayStart('2026-09-06', 'America/Santiago')
    expect(zonedDay(start, 'America/Santiago')).toBe('2026-09-06')
    expect(zonedDay(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05')
  })

  it('begins the first day of the calendar in its own year, not in 1901', () => {
    expect(zonedDayStart('0001-01-01', 'UTC').toISOString()).toBe('0001-01-01T00:00:00.000Z')
    expect(zonedDay(new Date('0001-01-01T12:00:00Z'), 'UTC')).toBe('0001-01-01')
  })

  it('ends the last day a date can name without a string for the day after', () => {
    expect(zonedDayEnd('9999-12-31', 'America/New_York').toISOString()).toBe('+010000-01-01T05:00:00.000Z')
  })

  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('America/New_York')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})
