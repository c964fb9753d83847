/**
 * The Funnel's money table (ADR 045): per source, campaign or ad, what the
 * leads of a range brought (applications, calls, won deals, revenue) beside
 * what was spent on them. docs/funnel.md gives every figure's formula.
 */

/** Which of a lead's touches names its source, campaign and ad: its first visit or its latest. */
export const FUNNEL_TOUCHES = ['first', 'last'] as const
export type FunnelTouch = (typeof FUNNEL_TOUCHES)[number]
export const DEFAULT_FUNNEL_TOUCH: FunnelTouch = 'last'

/** source: one row per (source, paid); campaign: per utm_campaign of one source; ad: per utm_content of one campaign. */
export const MONEY_LEVELS = ['source', 'campaign', 'ad'] as const
export type MoneyLevel = (typeof MONEY_LEVELS)[number]

/** The key of a campaign or ad row whose touch had none. */
export const NO_CAMPAIGN = '(none)'
/** The key of a period's total row; its `paid` is the drill-down's paid, false at the source level. */
export const MONEY_TOTAL = '(total)'
/** The campaign row that carries the source's spend entered without a campaign. */
export const NOT_PER_CAMPAIGN = '(not per campaign)'

export const FUNNEL_SOURCES_PATH = '/funnel/sources'

/** One row of the money table. Money figures are decimals in `currency` ("42.50"). */
export interface MoneyRow {
  /** The source, campaign or ad name. */
  key: string
  paid: boolean
  applications: number
  booked: number
  showed: number
  won: number
  revenue: string
  /** won / showed (0–1); null without showed calls. */
  closeRate: number | null
  /** revenue / won; null without won deals. */
  averageDeal: string | null
  /** null where no spend applies (organic rows, the ad level). */
  spend: string | null
  /** spend / applications, booked, showed, won; null without spend or with nothing to divide by. */
  costPerApplication: string | null
  costPerBooked: string | null
  costPerShowed: string | null
  costPerWon: string | null
  /** revenue / spend; null without spend. */
  returnOnSpend: number | null
}

/**
 * GET /api/admin/funnel/sources?from&to&touch=first|last&source=&paid=true|false&campaign=
 * (and /funnel/sources.csv with the same query and columns). No `source`: one
 * row per (source, paid); `source` + `paid`: one per campaign (NO_CAMPAIGN,
 * NOT_PER_CAMPAIGN); plus `campaign`: one per ad (spend figures null). At
 * most 50 rows a period, most applications first; the rest summed in one
 * OTHER_SOURCES ('(other)') row. `source` '(direct)' drills into leads without one.
 */
export interface FunnelSourcesQuery {
  from?: string
  to?: string
  touch?: FunnelTouch
  source?: string
  paid?: boolean
  campaign?: string
}

export interface MoneyPeriod {
  from: string
  to: string
  rows: MoneyRow[]
  total: MoneyRow
}

export interface FunnelSources extends MoneyPeriod {
  touch: FunnelTouch
  level: MoneyLevel
  /** The agency's CURRENCY, that of every money figure. */
  currency: string
  /** As many days just before the range; rows are matched by key (and paid) on screen. */
  previous: MoneyPeriod
}

/** The CSV's columns, in the order of MoneyRow. */
export const MONEY_CSV_COLUMNS = [
  'key',
  'paid',
  'applications',
  'booked',
  'showed',
  'won',
  'revenue',
  'close_rate',
  'average_deal',
  'spend',
  'cost_per_application',
  'cost_per_booked',
  'cost_per_showed',
  'cost_per_won',
  'return_on_spend',
] as const
