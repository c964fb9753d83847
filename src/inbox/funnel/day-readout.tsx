import type { KeyboardEvent } from 'react'
import type { FunnelDay } from '../../../common/funnel-api.ts'
import { funnelCopy } from '../content/funnel-copy.ts'
import { formatCount, formatDay, formatShare } from './figures.ts'

// The keys of a slider (WAI-ARIA's pattern): a day at a time, a week at a time, the first and the last.
const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => index - 1,
  ArrowDown: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  ArrowUp: (index) => index + 1,
  PageDown: (index) => index - 7,
  PageUp: (index) => index + 7,
  Home: () => 0,
  End: (_index, last) => last,
}

export const dayReadoutText = (day: FunnelDay) =>
  funnelCopy.readoutValue(
    formatDay(day.day),
    formatCount(day.visitors),
    formatCount(day.applications),
    day.conversionRate === null ? funnelCopy.noRate : formatShare(day.conversionRate),
  )

/**
 * The figures of the day the chart marks, always in view, and a slider for the
 * keyboard: the arrow keys move the day, which the chart marks as it would
 * the day pointed at, and a screen reader reads the day's figures as its value.
 */
export function DayReadout({
  days,
  index,
  onMove,
}: {
  days: FunnelDay[]
  index: number
  onMove: (index: number) => void
}) {
  const day = days[index]
  if (!day) return null
  const text = dayReadoutText(day)
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = MOVES[event.key]
    if (!to) return
    event.preventDefault()
    onMove(Math.min(Math.max(to(index, days.length - 1), 0), days.length - 1))
  }
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={funnelCopy.readout}
      aria-valuemin={0}
      aria-valuemax={days.length - 1}
      aria-valuenow={index}
      aria-valuetext={text}
      onKeyDown={move}
      onFocus={() => onMove(index)}
      className="mt-2 rounded-lg px-3 py-2 ring-1 ring-ink/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
    >
      <p className="font-semibold tabular-nums">{text}</p>
      <p className="text-xs text-ink/70">{funnelCopy.readoutHint}</p>
    </div>
  )
}
