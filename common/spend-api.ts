/**
 * Ad spend, as the inbox's API says it (ADR 045). Free of zod, like
 * admin-api.ts; spend-api-schema.ts validates the requests. Amounts travel as
 * decimal strings ("1250.00") and are stored as integer minor units.
 */

/** A spend row covers one day, or one calendar month (its `day` is the month's first day). */
export const SPEND_PERIODS = ['day', 'month'] as const
export type SpendPeriod = (typeof SPEND_PERIODS)[number]

/** The longest source word (the funnel's source words, lower-cased and trimmed). */
export const SPEND_SOURCE_MAX_LENGTH = 100
export const SPEND_CAMPAIGN_MAX_LENGTH = 200
/** GET /spend answers at most this many entries, newest first (`more: true` when cut). */
export const SPEND_LIST_MAX = 500
/** POST /spend/import: at most this many characters of CSV, and this many rows after the header. */
export const SPEND_IMPORT_MAX_BYTES = 1_000_000
export const SPEND_IMPORT_MAX_ROWS = 20_000
/** The import's header, columns in this order. */
export const SPEND_CSV_COLUMNS = ['date', 'source', 'campaign', 'amount', 'currency'] as const

export const SPEND_PATH = '/spend'
export const SPEND_IMPORT_PATH = '/spend/import'

/** One spend row. `campaign` '' is the whole source, not one campaign. */
export interface SpendEntry {
  id: number
  per: SpendPeriod
  /** YYYY-MM-DD; a month's row holds the month's first day. */
  day: string
  source: string
  campaign: string
  /** A decimal in `currency`, exactly as stored ("1250.00"). */
  amount: string
  currency: string
  updatedAt: string
}

/** GET /api/admin/spend?from=YYYY-MM-DD&to=YYYY-MM-DD: the entries whose day falls in the range. */
export interface SpendList {
  /** The agency's CURRENCY: the only one spend may be entered in. */
  currency: string
  entries: SpendEntry[]
  /** True when more than SPEND_LIST_MAX entries matched and the list was cut. */
  more: boolean
}

/**
 * POST /api/admin/spend: enters spend, replacing an entry of the same
 * (per, day, source, campaign); 201 with the SpendEntry either way. 400 for a
 * currency other than CURRENCY (no exchange rates) or an amount it cannot hold.
 */
export interface SpendInput {
  per: SpendPeriod
  /** YYYY-MM-DD for a day; for a month, YYYY-MM or any day of it (stored as its first day). */
  day: string
  source: string
  campaign?: string
  /** A decimal such as "1250" or "1250.00", no sign or separators. */
  amount: string
  /** ISO 4217; CURRENCY when left out, and refused when it is another. */
  currency?: string
}

/** DELETE /api/admin/spend/:id: 204, 404 for an unknown id. */

/** POST /api/admin/spend/import: the CSV (header SPEND_CSV_COLUMNS; `date` YYYY-MM-DD or YYYY-MM). */
export interface SpendImportInput {
  csv: string
}

/**
 * The import's answer (200): rows newly entered, and rows that replaced an
 * entry of the same key (a re-import of the same file is all `replaced`).
 * A bad row answers 400 naming its line (the header is line 1), and nothing is imported.
 */
export interface SpendImportResult {
  imported: number
  replaced: number
}
