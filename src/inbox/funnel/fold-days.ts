import type { FunnelDay } from '../../../common/funnel-api.ts'

/** A line of the daily table: a day with figures, or a run of days without any. */
export type DayLine = { kind: 'day'; day: FunnelDay } | { kind: 'empty'; from: string; to: string; days: number }

const isEmpty = (day: FunnelDay) => day.visitors === 0 && day.applications === 0

/** The days in order, each run of days with neither visitors nor applications folded into one line. */
export function foldEmptyDays(days: readonly FunnelDay[]): DayLine[] {
  const lines: DayLine[] = []
  for (const day of days) {
    const last = lines.at(-1)
    if (!isEmpty(day)) lines.push({ kind: 'day', day })
    else if (last?.kind === 'empty') lines[lines.length - 1] = { ...last, to: day.day, days: last.days + 1 }
    else lines.push({ kind: 'empty', from: day.day, to: day.day, days: 1 })
  }
  return lines
}
