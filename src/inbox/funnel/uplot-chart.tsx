import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
// A file of the build, fetched with this module: the Content-Security-Policy allows it as it allows the inbox's own.
import 'uplot/dist/uPlot.min.css'

export interface UPlotChartProps {
  /** The chart's settings for a width in CSS pixels. */
  options: (width: number) => uPlot.Options
  data: uPlot.AlignedData
  /** What the chart shows, in words: its accessible name. */
  label: string
  /** Told the chart once drawn, and null once it is gone, for a caller that moves its cursor. */
  onChart?: (chart: uPlot | null) => void
}

/**
 * A uPlot chart as wide as its box, drawn again when the box is resized. It
 * is a picture for those who see it: named, with what it draws hidden from
 * assistive technology, which reads the same figures in the table beside it.
 */
export function UPlotChart({ options, data, label, onChart }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const settings = options(element.clientWidth)
    const chart = new uPlot(settings, data, element)
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: settings.height }))
    resize.observe(element)
    onChart?.(chart)
    return () => {
      onChart?.(null)
      resize.disconnect()
      chart.destroy()
    }
  }, [options, data, onChart])
  return <div ref={box} role="img" aria-label={label} className="w-full" />
}
