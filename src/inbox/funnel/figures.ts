const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 })
const percent = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

/** A count as the reader's locale writes it. */
export const formatCount = (count: number) => whole.format(count)

/** A share (0–1) as a percentage with one decimal. */
export const formatShare = (share: number) => percent.format(share)

/** A UTC day (YYYY-MM-DD) as the reader's locale writes a date; the day stays the same in every zone. */
export const formatDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`))
