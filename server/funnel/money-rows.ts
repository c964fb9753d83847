import type { MoneyRow } from '../../common/funnel-sources-api.ts'
import { fromMinorUnits } from '../../common/money.ts'

/** A row's sums before the ratios: money in minor units; spend undefined where none applies. */
export interface MoneySums {
  key: string
  paid: boolean
  applications: number
  booked: number
  showed: number
  won: number
  /** Of the won, those in CURRENCY: the deals revenue sums, and averages over. */
  wonPriced: number
  revenue: bigint
  spend: bigint | undefined
}

export const emptySums = (key: string, paid: boolean): MoneySums => ({
  key,
  paid,
  applications: 0,
  booked: 0,
  showed: 0,
  won: 0,
  wonPriced: 0,
  revenue: 0n,
  spend: undefined,
})

/** a / n in minor units, rounded half up (both are never negative). */
const divide = (amount: bigint, count: number) => (2n * amount + BigInt(count)) / (2n * BigInt(count))

/** The sums of several rows under one key; spend stays undefined only when none of them had any. */
export function addSums(key: string, paid: boolean, rows: readonly MoneySums[]): MoneySums {
  const sum = emptySums(key, paid)
  for (const row of rows) {
    sum.applications += row.applications
    sum.booked += row.booked
    sum.showed += row.showed
    sum.won += row.won
    sum.wonPriced += row.wonPriced
    sum.revenue += row.revenue
    if (row.spend !== undefined) sum.spend = (sum.spend ?? 0n) + row.spend
  }
  return sum
}

/** The row as answered, with every ratio of docs/funnel.md ("The money table"). */
export function moneyRow(sums: MoneySums, currency: string): MoneyRow {
  const money = (minor: bigint) => fromMinorUnits(minor, currency)
  const { spend } = sums
  const costPer = (count: number) => (spend === undefined || count === 0 ? null : money(divide(spend, count)))
  return {
    key: sums.key,
    paid: sums.paid,
    applications: sums.applications,
    booked: sums.booked,
    showed: sums.showed,
    won: sums.won,
    revenue: money(sums.revenue),
    closeRate: sums.showed === 0 ? null : sums.won / sums.showed,
    averageDeal: sums.wonPriced === 0 ? null : money(divide(sums.revenue, sums.wonPriced)),
    spend: spend === undefined ? null : money(spend),
    costPerApplication: costPer(sums.applications),
    costPerBooked: costPer(sums.booked),
    costPerShowed: costPer(sums.showed),
    costPerWon: costPer(sums.won),
    returnOnSpend: spend === undefined || spend === 0n ? null : Number(sums.revenue) / Number(spend),
  }
}
