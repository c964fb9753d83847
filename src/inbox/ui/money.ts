const formats = new Map<string, Intl.NumberFormat>()

/** A decimal amount ("1250.5") in `currency`, as the reader's locale writes money ("$1,250.50"). */
export function formatMoney(amount: string, currency: string): string {
  let format = formats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency })
    formats.set(currency, format)
  }
  // A display only: the figure was computed exactly on the server, in minor units.
  return format.format(Number(amount))
}
