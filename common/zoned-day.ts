/**
 * Calendar days in the agency's time zone (TIMEZONE, an IANA name): what
 * "Today", the list's date filters and the funnel's days mean. The server and
 * the inbox both count days with these, in the zone the server names, so a
 * browser elsewhere sees the agency's days, not its own.
 */

const DAY_MS = 86_400_000
const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(zone, formatter)
  }
  return formatter
}

/** Whether this runtime's Intl knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (zone === '') return false
  try {
    partsFormatter(zone)
    return true
  } catch {
    return false
  }
}

/** The wall clock of `zone` at `time`, read as if it were UTC, in milliseconds. */
function wallClock(time: number, zone: string): number {
  const part: Record<string, number> = {}
  for (const { type, value } of partsFormatter(zone).formatToParts(new Date(time))) part[type] = Number(value)
  const wall = new Date(0)
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  wall.setUTCFullYear(part.year ?? 1970, (part.month ?? 1) - 1, part.day ?? 1)
  wall.setUTCHours(part.hour ?? 0, part.minute ?? 0, part.second ?? 0, 0)
  return wall.getTime()
}

/** The calendar day (YYYY-MM-DD) that `time` falls on in `zone`. */
export function zonedDay(time: Date, zone: string): string {
  return new Date(wallClock(time.getTime(), zone)).toISOString().slice(0, 10)
}

/** The wall-clock date and time (`YYYY-MM-DD HH:MM:SS`) that `time` shows in `zone`. */
export function zonedDateTime(time: Date, zone: string): string {
  return new Date(wallClock(time.getTime(), zone)).toISOString().slice(0, 19).replace('T', ' ')
}

/** The instant the wall clock of `zone` first shows a time on the day whose UTC midnight is `midnight`. */
function dayStartAt(midnight: number, zone: string): number {
  // The zone's offset half a day either side differs only across a clock change: try both.
  const candidates = [midnight - DAY_MS / 2, midnight + DAY_MS / 2].map(
    (probe) => midnight - (wallClock(probe, zone) - probe),
  )
  const onTheDay = candidates.filter((instant) => {
    const wall = wallClock(instant, zone)
    return wall >= midnight && wall < midnight + DAY_MS
  })
  return Math.min(...(onTheDay.length > 0 ? onTheDay : candidates))
}

/**
 * The instant `day` (YYYY-MM-DD) begins in `zone`: its local midnight. Where a
 * clock change skips midnight, the first instant of the day after the gap.
 */
export function zonedDayStart(day: string, zone: string): Date {
  return new Date(dayStartAt(Date.parse(`${day}T00:00:00Z`), zone))
}

/** The instant the day after `day` begins in `zone`: the end (exclusive) of `day`. */
export function zonedDayEnd(day: string, zone: string): Date {
  return new Date(dayStartAt(Date.parse(`${day}T00:00:00Z`) + DAY_MS, zone))
}
