import type { FunnelTotals } from '../../../common/funnel-report.ts'
import { funnelCopy } from '../content/funnel-copy.ts'
import { formatChange, formatCount, formatDayRange, formatPoints, formatShare } from './figures.ts'

type Direction = 'up' | 'down' | 'same'

interface Figure {
  label: string
  value: string
  /** Against the period before; null when there is none to compare with. */
  change: { text: string; direction: Direction } | null
}

const directionOf = (difference: number): Direction => (difference > 0 ? 'up' : difference < 0 ? 'down' : 'same')

function countFigure(label: string, now: number, before: number | undefined): Figure {
  if (before === undefined) return { label, value: formatCount(now), change: null }
  const percent = before === 0 ? null : formatChange((now - before) / before)
  return {
    label,
    value: formatCount(now),
    change: { text: funnelCopy.countChange(percent, formatCount(before)), direction: directionOf(now - before) },
  }
}

function rateFigure(label: string, now: number | null, before: number | null | undefined): Figure {
  const value = now === null ? '–' : formatShare(now)
  if (before === undefined) return { label, value, change: null }
  if (before === null) return { label, value, change: { text: funnelCopy.noRateBefore, direction: 'same' } }
  const difference = (now ?? 0) - before
  return {
    label,
    value,
    change: {
      text: funnelCopy.rateChange(formatPoints(difference), formatShare(before)),
      direction: directionOf(difference),
    },
  }
}

// Up and down are said in words and shown by an arrow, never by colour alone.
const arrows: Record<Direction, string> = { up: '▲', down: '▼', same: '' }
const tones: Record<Direction, string> = { up: 'text-emerald-800', down: 'text-red-800', same: 'text-ink/70' }

/** The range's visitors, applications, conversion rate and booked calls, each with its change since the period before. */
export function HeadlineFigures({ totals, previous }: { totals: FunnelTotals; previous: FunnelTotals | null }) {
  const figures = [
    countFigure(funnelCopy.figures.visitors, totals.visitors, previous?.visitors),
    countFigure(funnelCopy.figures.applications, totals.applications, previous?.applications),
    rateFigure(
      funnelCopy.figures.conversionRate,
      totals.conversionRate,
      previous === null ? undefined : previous.conversionRate,
    ),
    countFigure(funnelCopy.figures.booked, totals.booked, previous?.booked),
  ]
  return (
    <>
      <p className="text-sm text-ink/80">
        {previous ? funnelCopy.headlineCaption(formatDayRange(previous.from, previous.to)) : funnelCopy.noPrevious}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-0 rounded-xl p-3 ring-1 ring-ink/10">
            <dt className="text-sm font-semibold">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{figure.value}</dd>
            {figure.change && (
              <dd className={`mt-1 text-sm ${tones[figure.change.direction]}`}>
                <span aria-hidden="true">{arrows[figure.change.direction]} </span>
                <span className="sr-only">{funnelCopy[figure.change.direction]}, </span>
                {figure.change.text}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </>
  )
}
