import { isTimeZone, zonedDateTime } from '../../common/zoned-day.ts'

/**
 * A writer of UTC times (as the page queries read them: ISO 8601 with
 * microseconds) as the wall-clock time of IANA zone `zone`, to the second:
 * `2026-11-27 09:30:12`, what spreadsheets and CRM imports read as a time.
 * Undefined when this server's Intl does not know the zone.
 */
export function zonedTimeWriter(zone: string): ((utc: string) => string) | undefined {
  if (!isTimeZone(zone)) return undefined
  return (utc) => zonedDateTime(new Date(utc), zone)
}
