import { useCallback, useMemo, useRef, useState } from 'react'
import uPlot from 'uplot'
import type { FunnelDay } from '../../../common/funnel-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { chartColors } from './chart-colors.ts'
import { DayReadout } from './day-readout.tsx'
import { UPlotChart } from './uplot-chart.tsx'

const copy = inboxCopy.funnel
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
]
const PERCENT_STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1]

// The days are UTC days, as the server counts them: shown as such whatever the reader's zone.
const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC')

/**
 * Visitors and applications per day on one scale, the conversion rate dashed
 * on a scale of its own, and below it the figures of one day: the one pointed
 * at, or the one chosen with the arrow keys, whose place the chart marks.
 */
export function DaysChart({ days, label }: { days: FunnelDay[]; label: string }) {
  const [active, setActive] = useState(days.length - 1)
  const chart = useRef<uPlot | null>(null)
  const onChart = useCallback((drawn: uPlot | null) => {
    chart.current = drawn
  }, [])
  const data = useMemo<uPlot.AlignedData>(
    () => [
      days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      days.map((day) => day.visitors),
      days.map((day) => day.applications),
      days.map((day) => day.conversionRate),
    ],
    [days],
  )
  const options = useCallback(
    (width: number): uPlot.Options => ({
      width,
      height: 260,
      tzDate: utc,
      legend: { show: false },
      cursor: { show: true, x: true, y: false, points: { show: true }, drag: { x: false, y: false } },
      hooks: {
        setCursor: [
          (drawn) => {
            const index = drawn.cursor.idx
            if (index !== null && index !== undefined) setActive(index)
          },
        ],
      },
      scales: {
        y: { range: (_chart, _min, max) => [0, Math.max(1, max)] },
        rate: { range: (_chart, _min, max) => [0, Math.max(0.1, max)] },
      },
      axes: [
        { stroke: chartColors.axis, grid: { stroke: chartColors.grid } },
        { scale: 'y', stroke: chartColors.axis, grid: { stroke: chartColors.grid }, incrs: WHOLE_STEPS },
        {
          scale: 'rate',
          side: 1,
          stroke: chartColors.conversionRate,
          grid: { show: false },
          incrs: PERCENT_STEPS,
          values: (_chart, splits) => splits.map((split) => `${Math.round(split * 100)}%`),
        },
      ],
      series: [
        {},
        { label: copy.visitors, stroke: chartColors.visitors, width: 2 },
        { label: copy.applications, stroke: chartColors.applications, width: 2 },
        { label: copy.conversionRate, scale: 'rate', stroke: chartColors.conversionRate, width: 2, dash: [6, 4] },
      ],
    }),
    [],
  )
  const index = Math.min(Math.max(active, 0), days.length - 1)
  /** Marks a day on the chart, as pointing at it would. */
  const show = (next: number) => {
    setActive(next)
    const drawn = chart.current
    const day = days[next]
    if (!drawn || !day) return
    drawn.setCursor({ left: drawn.valToPos(data[0][next] ?? 0, 'x'), top: drawn.valToPos(day.visitors, 'y') })
  }
  return (
    <>
      <UPlotChart options={options} data={data} label={label} onChart={onChart} />
      {days[index] && <DayReadout days={days} index={index} onMove={show} />}
    </>
  )
}
