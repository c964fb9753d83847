import { listCopy } from '../content/list-copy.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago `iso` was, at `now`, in the fewest words: "just now", "5 min
 * ago", "2 h ago", "3 d ago", "4 mo ago", "2 y ago". Whole units, rounded
 * down, so a lead reads "23 h ago" until its day has passed. A time ahead of
 * the reader's clock reads "just now".
 */
export function leadAge(iso: string, now: number): string {
  const age = now - Date.parse(iso)
  const { age: copy } = listCopy
  if (!(age >= MINUTE)) return copy.now
  if (age < HOUR) return copy.minutes(Math.floor(age / MINUTE))
  if (age < DAY) return copy.hours(Math.floor(age / HOUR))
  if (age < 60 * DAY) return copy.days(Math.floor(age / DAY))
  if (age < 365 * DAY) return copy.months(Math.floor(age / (30 * DAY)))
  return copy.years(Math.floor(age / (365 * DAY)))
}
