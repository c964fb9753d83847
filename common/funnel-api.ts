/**
 * The Funnel screen's part of the inbox's API (common/admin-api.ts says where it
 * lives); the sources' rows and the headline figures are in funnel-report.ts.
 */
import type { FunnelSource, FunnelTotals } from './funnel-report.ts'

/** The Funnel screen's range when none is given: this many days, today (UTC) included. */
export const FUNNEL_DEFAULT_DAYS = 30
/** The longest range one request may cover, so a typo in a year cannot ask for centuries of days. */
export const FUNNEL_MAX_DAYS = 3 * 366

/**
 * One gate of the funnel: how many visitors reached it (distinct visitors,
 * counted per day: the visitor hash changes daily, so a visitor who comes
 * back on another day counts on each), and how many of the gate before did
 * not. `dropOffRate` is that loss as a share (0–1) of the gate before; null
 * for the first gate, or when the gate before had nobody.
 */
export interface FunnelStage {
  /** See FUNNEL_STAGES (common/funnel.ts): 'visitors', …, 'step-3', …, 'booking_opened'. */
  id: string
  visitors: number
  dropOff: number | null
  dropOffRate: number | null
}

/** One day of the daily line: visitors, applications (submit_succeeded) and applications per visitor. */
export interface FunnelDay {
  day: string
  visitors: number
  applications: number
  /** applications / visitors (0–1); null on a day without visitors. */
  conversionRate: number | null
}

/**
 * GET /api/admin/funnel?from=YYYY-MM-DD&to=YYYY-MM-DD&source=…: the funnel of
 * the range (both ends included, UTC days; the last FUNNEL_DEFAULT_DAYS when
 * not given) and, when given, one source (last-touch utm_source or referrer
 * host; `(direct)` for visits with none). 400 for a bad date (every date
 * of the inbox is a calendar day from 0001-01-01 to 9999-12-30), a backwards
 * range or one longer than FUNNEL_MAX_DAYS. GET /api/admin/funnel.csv with
 * the same query: the gates as a CSV attachment (the columns of FUNNEL_CSV_COLUMNS), then the
 * sources and the days (common/funnel-report.ts), each after a blank line and its own header.
 */
export interface Funnel {
  from: string
  to: string
  source: string | null
  /** In the funnel's order, every gate of FUNNEL_STAGES. */
  stages: FunnelStage[]
  /** Every day of the range, oldest first, days without events included. */
  days: FunnelDay[]
  /** The sources seen in the range, most visitors first, for the screen's choice. */
  sources: string[]
  /** Per source (the whole range, every source whatever `source` asks), capped as FUNNEL_SOURCE_ROWS (funnel-report.ts) says. */
  bySource: FunnelSource[]
  /** The range's headline figures for `source`, and those of as many days just before it (null before 0001-01-01). */
  totals: FunnelTotals
  previous: FunnelTotals | null
}

/** The value of `source` that asks for visits without one. */
export const DIRECT_SOURCE = '(direct)'

export const FUNNEL_CSV_COLUMNS = ['stage', 'visitors', 'drop_off', 'drop_off_percent'] as const
