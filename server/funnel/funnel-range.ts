import { zonedDayEnd, zonedDayStart } from '../../common/zoned-day.ts'

/**
 * The funnel asked for: days, both included, and one source or every one. The
 * leads are counted on the days of `timeZone` (TIMEZONE); the visitors on the
 * UTC days their events are hashed and rolled up by (ADR 042).
 */
export interface FunnelRange {
  from: string
  to: string
  /** undefined for every source; DIRECT_SOURCE for visits without one. */
  source: string | undefined
  /** The IANA zone whose days the leads are counted on; UTC when not given. */
  timeZone?: string | undefined
}

/** The instants the range's first day begins and its last day ends, in the agency's zone: where its leads are counted. */
export const leadBounds = (range: FunnelRange): [string, string] => {
  const zone = range.timeZone ?? 'UTC'
  return [sqlInstant(zonedDayStart(range.from, zone)), sqlInstant(zonedDayEnd(range.to, zone))]
}

/** An instant as PostgreSQL reads it: the day after 9999-12-31 is +010000-01-01 in ISO 8601, 10000-01-01 there. */
const sqlInstant = (instant: Date) => instant.toISOString().replace(/^\+0*(\d{5,})/u, '$1')
