import { zonedDateTime } from '../../../common/zoned-day.ts'

/** Meta and TikTok refuse an event older than this. */
export const MAX_EVENT_AGE_MS = 7 * 86_400_000

/** Unix seconds of `time`, never ahead of `now` (a clock a little fast must not make an event "in the future"). */
export const unixSeconds = (time: Date, now: Date) => Math.floor(Math.min(time.getTime(), now.getTime()) / 1000)

/**
 * Google's conversion time: `yyyy-mm-dd hh:mm:ss+hh:mm`, the wall clock of the
 * agency's zone with that zone's offset at the time (Google reads the offset,
 * so any zone would do; the agency's reads right in its own account).
 */
export function googleDateTime(time: Date, zone: string): string {
  const whole = new Date(Math.floor(time.getTime() / 1000) * 1000)
  const wall = zonedDateTime(whole, zone)
  const offsetMinutes = Math.round((Date.parse(`${wall.replace(' ', 'T')}Z`) - whole.getTime()) / 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const magnitude = Math.abs(offsetMinutes)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${wall}${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`
}
