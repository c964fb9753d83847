import { toMinorUnits } from '../../common/money.ts'
import type { SpendPeriod } from '../../common/spend-api.ts'
import type { SpendRow } from './spend-store.ts'

/**
 * The row to store, or why not: spend is kept only in the agency's currency
 * (there are no exchange rates to add up others), with no more decimals than
 * it has.
 */
export function spendRow(
  fields: { per: SpendPeriod; day: string; source: string; campaign: string; amount: string; currency?: string },
  agencyCurrency: string,
): SpendRow | { error: string; field: string } {
  const currency = fields.currency || agencyCurrency
  if (currency !== agencyCurrency)
    return {
      field: 'currency',
      error: `spend must be in ${agencyCurrency}, the agency's currency (CURRENCY), not ${currency}: there are no exchange rates`,
    }
  const amountMinor = toMinorUnits(fields.amount, currency)
  if (amountMinor === undefined)
    return { field: 'amount', error: `${currency} takes fewer decimals than ${JSON.stringify(fields.amount)} has` }
  return { per: fields.per, day: fields.day, source: fields.source, campaign: fields.campaign, amountMinor, currency }
}
