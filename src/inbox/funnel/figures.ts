const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 })
const percent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
})
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

/** A count as the reader's locale writes it. */
export const formatCount = (count: number) => whole.format(count)

/** A share (0–1) as a percentage with one decimal. */
export const formatShare = (share: number) => percent.format(share)

/** A UTC day (YYYY-MM-DD) as the reader's locale writes a date; the day stays the same in every zone. */
export const formatDay = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`))

/** Two UTC days as one span, as the reader's locale writes it (12–18 Nov 2026); one day alone when they are the same. */
export const formatDayRange = (from: string, to: string) =>
  from === to ? formatDay(from) : day.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`))

const change = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
})
const points = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
})

/** A relative change (0.12 for 12 % more) with its sign. */
export const formatChange = (ratio: number) => change.format(ratio)

/** A difference of two shares in percentage points, with its sign: 0.012 is +1.2. */
export const formatPoints = (difference: number) => points.format(difference * 100)
