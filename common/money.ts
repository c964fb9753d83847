import { currencyDigits } from './lead-outcome-api.ts'

/** A decimal amount as typed: digits, and a fraction after a dot. */
export const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,3})?$/

/**
 * `amount` ("12500", "12500.5") in the minor units of `currency` (1250050 cents),
 * exactly, as a bigint; undefined when it has more decimals than the currency.
 */
export function toMinorUnits(amount: string, currency: string): bigint | undefined {
  if (!AMOUNT_PATTERN.test(amount)) return undefined
  const digits = currencyDigits(currency)
  const [whole = '0', fraction = ''] = amount.split('.')
  if (fraction.length > digits) return undefined
  return BigInt(whole + fraction.padEnd(digits, '0'))
}

/** Minor units back to the currency's decimal ("1250050" USD is "12500.50"), exactly. */
export function fromMinorUnits(minor: bigint | string, currency: string): string {
  const digits = currencyDigits(currency)
  const text = BigInt(minor)
    .toString()
    .padStart(digits + 1, '0')
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
}
