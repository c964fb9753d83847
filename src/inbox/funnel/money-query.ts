import { OTHER_SOURCES } from '../../../common/funnel-report.ts'
import { NO_CAMPAIGN, NOT_PER_CAMPAIGN, type MoneyRow } from '../../../common/funnel-sources-api.ts'
import type { MoneyQuery } from '../api/funnel-sources.ts'
import { adminPaths } from '../router/paths.ts'

// The money table's own words in the Funnel's address, beside the range and the source filter.
const PARAMS = { touch: 'touch', source: 'drill', paid: 'paid', campaign: 'campaign' } as const

/** The touch and drill-down the address asks for, in the range shown. */
export function moneyQueryFrom(params: URLSearchParams, range: { from: string; to: string }): MoneyQuery {
  const touch = params.get(PARAMS.touch) === 'first' ? 'first' : 'last'
  const source = params.get(PARAMS.source) ?? undefined
  const paidText = params.get(PARAMS.paid)
  const paid = paidText === 'true' ? true : paidText === 'false' ? false : undefined
  // A campaign needs its source, and a source needs to say paid or organic.
  if (source === undefined || paid === undefined) return { ...range, touch }
  return { ...range, touch, source, paid, campaign: params.get(PARAMS.campaign) ?? undefined }
}

/** The Funnel's address with the money table moved to `next`; the range and the source filter stay. */
export function moneyPath(params: URLSearchParams, next: Omit<MoneyQuery, 'from' | 'to'>): string {
  const kept = new URLSearchParams(params)
  for (const name of Object.values(PARAMS)) kept.delete(name)
  if (next.touch === 'first') kept.set(PARAMS.touch, 'first')
  if (next.source !== undefined && next.paid !== undefined) {
    kept.set(PARAMS.source, next.source)
    kept.set(PARAMS.paid, String(next.paid))
    if (next.campaign !== undefined) kept.set(PARAMS.campaign, next.campaign)
  }
  const text = kept.toString()
  return `${adminPaths.funnel}${text ? `?${text}` : ''}`
}

/** `path` (another of the Funnel's addresses: a range, a source) keeping the money table's touch and drill-down from `params`. */
export function keepMoney(path: string, params: URLSearchParams): string {
  const url = new URL(path, 'http://inbox')
  for (const name of Object.values(PARAMS)) {
    const value = params.get(name)
    if (value !== null) url.searchParams.set(name, value)
  }
  return `${url.pathname}${url.search}`
}

// Rows with nothing below them: spend entered without a campaign, leads whose touch had no campaign or ad, and the
// rows past the table's cap summed into one (no source or campaign has that name).
const LEAVES = new Set([NOT_PER_CAMPAIGN, NO_CAMPAIGN, OTHER_SOURCES])

/** The address that drills into `row` of the table `query` shows (its campaigns, or its ads); undefined for a leaf. */
export function drillPath(params: URLSearchParams, query: MoneyQuery, row: MoneyRow): string | undefined {
  const { touch } = query
  if (LEAVES.has(row.key)) return undefined
  if (query.source === undefined) return moneyPath(params, { touch, source: row.key, paid: row.paid })
  if (query.campaign === undefined)
    return moneyPath(params, { touch, source: query.source, paid: query.paid, campaign: row.key })
  return undefined
}
