/**
 * The Funnel screen's comparison of sources and periods (part of Funnel in
 * funnel-api.ts): what each source brought, the range's headline figures and
 * those of the period before it, and the CSV's columns for them.
 */

/**
 * The Funnel's sources table (Funnel.bySource): at most this many sources, most
 * applications first, then most visitors, the one asked for among them when it
 * has figures; then one row, OTHER_SOURCES, that sums all the rest, so a flood
 * of made-up sources in the anonymous events never makes the answer longer
 * (docs/funnel.md).
 */
export const FUNNEL_SOURCE_ROWS = 50

/** The sources table's last row, the sum of the sources past FUNNEL_SOURCE_ROWS (a source of that name is counted in it). */
export const OTHER_SOURCES = '(other)'

/** What one source brought in a range: visitors from the page's events, the rest from the leads and their bookings. */
export interface FunnelSource {
  /** Last-touch utm_source, else the referrer's host, else DIRECT_SOURCE. */
  source: string
  visitors: number
  applications: number
  /** applications / visitors (0–1); null without visitors. Above 1 when leads name a source their visits did not. */
  conversionRate: number | null
  booked: number
  showed: number
  /** booked / applications (0–1); null without applications. */
  bookedRate: number | null
  /** showed / booked (0–1); null without bookings. */
  showedRate: number | null
}

/**
 * A period's headline figures, for the source asked for or every source:
 * visitors (page views, per day), applications (leads stored, not spam),
 * applications per visitor, and leads with a booked call.
 */
export interface FunnelTotals {
  from: string
  to: string
  visitors: number
  applications: number
  /** applications / visitors (0–1); null without visitors. */
  conversionRate: number | null
  booked: number
  /** booked / applications (0–1); null without applications. */
  bookedRate: number | null
}

/** The CSV's second table, after the stages and a blank line: one row per source. */
export const FUNNEL_SOURCES_CSV_COLUMNS = [
  'source',
  'source_name',
  'visitors',
  'applications',
  'conversion_percent',
  'booked',
  'booked_percent',
  'showed',
  'showed_percent',
] as const

/** The CSV's third table, after the sources and a blank line: one row per day. */
export const FUNNEL_DAYS_CSV_COLUMNS = ['day', 'visitors', 'applications', 'conversion_percent'] as const

/** part / whole, or null when there is no whole to divide by. */
export const share = (part: number, whole: number) => (whole === 0 ? null : part / whole)
