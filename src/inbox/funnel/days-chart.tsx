import { useCallback, useMemo } from 'react'
import uPlot from 'uplot'
import type { FunnelDay } from '../../../common/admin-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { chartColors } from './chart-colors.ts'
import { UPlotChart } from './uplot-chart.tsx'

const copy = inboxCopy.funnel
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]
const PERCENT_STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1]

// The days are UTC days, as the server counts them: shown as such whatever the reader's zone.
const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC')

/** Visitors and applications per day on one scale, the conversion rate dashed on a scale of its own. */
export function DaysChart({ days, label }: { days: FunnelDay[]; label: string }) {
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
      cursor: { show: false, drag: { x: false, y: false } },
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
  return <UPlotChart options={options} data={data} label={label} />
}
