import type { MoneyRow } from '../../../common/funnel-sources-api.ts'
import { moneyCopy } from '../content/money-copy.ts'
import { formatMoney } from '../ui/money.ts'
import { formatCount, formatShare } from './figures.ts'

const ratio = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** One figure column of the money table: its header and its figure of a row, null when there is none. */
export interface MoneyColumn {
  header: string
  figure: (row: MoneyRow, currency: string) => string | null
}

const money = (pick: (row: MoneyRow) => string | null) => (row: MoneyRow, currency: string) => {
  const amount = pick(row)
  return amount === null ? null : formatMoney(amount, currency)
}

const copy = moneyCopy.columns

/** The table's columns, in the order of its CSV. */
export const moneyColumns: readonly MoneyColumn[] = [
  { header: copy.applications, figure: (row) => formatCount(row.applications) },
  { header: copy.booked, figure: (row) => formatCount(row.booked) },
  { header: copy.showed, figure: (row) => formatCount(row.showed) },
  { header: copy.won, figure: (row) => formatCount(row.won) },
  { header: copy.revenue, figure: money((row) => row.revenue) },
  { header: copy.closeRate, figure: (row) => (row.closeRate === null ? null : formatShare(row.closeRate)) },
  { header: copy.averageDeal, figure: money((row) => row.averageDeal) },
  { header: copy.spend, figure: money((row) => row.spend) },
  { header: copy.costPerApplication, figure: money((row) => row.costPerApplication) },
  { header: copy.costPerBooked, figure: money((row) => row.costPerBooked) },
  { header: copy.costPerShowed, figure: money((row) => row.costPerShowed) },
  { header: copy.costPerWon, figure: money((row) => row.costPerWon) },
  {
    header: copy.returnOnSpend,
    figure: (row) => (row.returnOnSpend === null ? null : moneyCopy.returnOnSpend(ratio.format(row.returnOnSpend))),
  },
]

/** A row's key among the period before's: its name and whether it is paid. */
export const rowKey = (row: Pick<MoneyRow, 'key' | 'paid'>) => `${row.paid ? 'paid' : 'organic'}:${row.key}`
