import type { SpendEntry } from '../../../common/spend-api.ts'
import { spendCopy } from '../content/spend-copy.ts'

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })
const month = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The day or month an entry covers, as the reader's locale writes it ("Nov 3, 2026", "November 2026 (month)"). */
export function whenOf(entry: Pick<SpendEntry, 'per' | 'day'>): string {
  const date = new Date(`${entry.day}T00:00:00Z`)
  return entry.per === 'day' ? day.format(date) : spendCopy.entries.month(month.format(date))
}
