import { OTHER_SOURCES } from '../../common/funnel-report.ts'
import { MONEY_TOTAL, NOT_PER_CAMPAIGN, type FunnelSources, type MoneyPeriod } from '../../common/funnel-sources-api.ts'
import { previousRange } from '../../common/funnel.ts'
import type { Queryable } from '../db/database.ts'
import { leadBounds } from './funnel-range.ts'
import { countLeads, sumSpend, type MoneyQuery } from './money-counts.ts'
import { addSums, emptySums, moneyRow, type MoneySums } from './money-rows.ts'

/** At most this many rows a period; the rest are summed into one OTHER_SOURCES row, as the sources table does. */
export const MONEY_ROWS = 50

export interface MoneyRange {
  from: string
  to: string
  timeZone: string
}

const keyOf = (row: { key: string; paid: boolean }) => `${row.paid ? 'paid' : 'organic'}:${row.key}`

/** Most applications first, then most spend, then by name; the rest past MONEY_ROWS folded. */
function ordered(rows: Iterable<MoneySums>): MoneySums[] {
  const sorted = [...rows].sort(
    (a, b) =>
      b.applications - a.applications ||
      Number((b.spend ?? -1n) - (a.spend ?? -1n)) ||
      a.key.localeCompare(b.key) ||
      Number(b.paid) - Number(a.paid),
  )
  if (sorted.length <= MONEY_ROWS) return sorted
  const rest = sorted.slice(MONEY_ROWS - 1)
  return [
    ...sorted.slice(0, MONEY_ROWS - 1),
    addSums(
      OTHER_SOURCES,
      rest.every((row) => row.paid),
      rest,
    ),
  ]
}

/**
 * The money table (GET /api/admin/funnel/sources): the range's leads and
 * spend by source, campaign or ad, and those of as many days just before it.
 */
export async function readMoneyTable(
  db: Queryable,
  range: MoneyRange,
  query: MoneyQuery,
  currency: string,
): Promise<FunnelSources> {
  // Before 0001-01-01 there are no days: the period before is then empty, and named by the range's first day.
  const earlier = previousRange(range.from, range.to)
  const before = earlier ?? { from: range.from, to: range.from }
  const [split, end] = leadBounds({ ...range, source: undefined })
  const [start] = earlier ? leadBounds({ ...before, source: undefined, timeZone: range.timeZone }) : [split]
  const counts = await countLeads(db, query, { start, split, end }, currency)
  const hasSpend = query.level === 'source' || (query.level === 'campaign' && query.paid === true)
  const spend = hasSpend
    ? await sumSpend(
        db,
        { from: range.from, to: range.to, previousFrom: before.from, previousTo: before.to },
        query.level === 'source' ? undefined : query.source,
        currency,
      )
    : []

  const period = (current: boolean, from: string, to: string): MoneyPeriod => {
    const rows = new Map<string, MoneySums>()
    for (const count of counts.filter((row) => row.current === current)) {
      rows.set(keyOf(count), {
        key: count.key,
        paid: count.paid,
        applications: Number(count.applications),
        booked: Number(count.booked),
        showed: Number(count.showed),
        won: Number(count.won),
        wonPriced: Number(count.won_priced),
        revenue: BigInt(count.revenue),
        spend: undefined,
      })
    }
    // Spend is always paid: it joins its source's (or campaign's) paid row, made when no lead came.
    for (const sum of spend.filter((row) => row.current === current && (current || earlier))) {
      const key = query.level === 'campaign' && sum.key === '' ? NOT_PER_CAMPAIGN : sum.key
      const row = rows.get(keyOf({ key, paid: true })) ?? emptySums(key, true)
      row.spend = (row.spend ?? 0n) + BigInt(sum.spend)
      rows.set(keyOf(row), row)
    }
    const kept = ordered(rows.values())
    const total = addSums(MONEY_TOTAL, query.level !== 'source' && query.paid === true, kept)
    return { from, to, rows: kept.map((row) => moneyRow(row, currency)), total: moneyRow(total, currency) }
  }
  const current = period(true, range.from, range.to)
  return {
    ...current,
    touch: query.touch,
    level: query.level,
    currency,
    previous: period(false, before.from, before.to),
  }
}
