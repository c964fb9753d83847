import { useCallback, useMemo } from 'react'
import uPlot from 'uplot'
import type { FunnelStage } from '../../../common/funnel-api.ts'
import { funnelStageLabel } from '../../../common/funnel.ts'
import { chartColors } from './chart-colors.ts'
import { UPlotChart } from './uplot-chart.tsx'

const ROW_HEIGHT = 28
const bars = uPlot.paths.bars?.({ size: [0.7, 24] })
// Whole visitors only: no step of the axis is a fraction.
const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
]

// About the widest a character of uPlot's 12 px axis font draws: a label is cut to what its axis holds.
const CHARACTER_WIDTH = 7
const fit = (label: string, width: number) => {
  const most = Math.max(4, Math.floor(width / CHARACTER_WIDTH))
  return label.length <= most ? label : `${label.slice(0, most - 1).trimEnd()}…`
}

/** The gates as horizontal bars, top to bottom, so their names fit beside them on a phone. */
export function StagesChart({ stages, label }: { stages: FunnelStage[]; label: string }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [stages.map((_stage, index) => index), stages.map((stage) => stage.visitors)],
    [stages],
  )
  const options = useCallback(
    (width: number): uPlot.Options => {
      const labelWidth = Math.min(180, Math.round(width * 0.45))
      // The names in full are in the table below the chart.
      const labels = stages.map((stage) => fit(funnelStageLabel(stage.id), labelWidth - 8))
      return {
        width,
        height: stages.length * ROW_HEIGHT + 40,
        legend: { show: false },
        cursor: { show: false, drag: { x: false, y: false } },
        scales: {
          x: { time: false, ori: 1, dir: -1, range: [-0.5, stages.length - 0.5] },
          y: { ori: 0, range: (_chart, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          {
            scale: 'x',
            side: 3,
            size: labelWidth,
            stroke: chartColors.axis,
            grid: { show: false },
            ticks: { show: false },
            splits: () => labels.map((_label, index) => index),
            values: (_chart, splits) => splits.map((index) => labels[index] ?? ''),
          },
          { scale: 'y', side: 2, stroke: chartColors.axis, grid: { stroke: chartColors.grid }, incrs: WHOLE_STEPS },
        ],
        series: [
          {},
          {
            label: 'Visitors',
            fill: chartColors.visitors,
            stroke: chartColors.visitors,
            paths: bars,
            points: { show: false },
          },
        ],
      }
    },
    [stages],
  )
  return <UPlotChart options={options} data={data} label={label} />
}
