import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { Button } from '../../components/ui/button.tsx'
import { inboxCopy } from '../content/inbox-copy.ts'
import type * as chartsModule from './funnel-charts.ts'

type Charts = typeof chartsModule

// uPlot is for this screen only: kept out of the inbox's first download. A
// failed download is forgotten, so trying again fetches it again.
let pending: Promise<Charts> | undefined
function load(): Promise<Charts> {
  pending ??= import('./funnel-charts.ts').catch((error: unknown) => {
    pending = undefined
    throw error
  })
  return pending
}

// React.lazy keeps a failed import for good; each attempt gets components of their own.
const lazyCharts = () => ({
  StagesChart: lazy(() => load().then((module) => ({ default: module.StagesChart }))),
  DaysChart: lazy(() => load().then((module) => ({ default: module.DaysChart }))),
})

const copy = inboxCopy.funnel

function ChartFailed({ resetErrorBoundary }: FallbackProps) {
  return (
    <div role="alert" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-4 py-3">
      <p>{copy.chartFailed}</p>
      <Button variant="secondary" className="mt-3" onClick={resetErrorBoundary}>
        {inboxCopy.retry}
      </Button>
    </div>
  )
}

type LazyCharts = ReturnType<typeof lazyCharts>

/** Where a chart goes: a line in its place while it loads, and a way to try again if it cannot. */
function ChartSlot({ children }: { children: (charts: LazyCharts) => ReactNode }) {
  const [charts, setCharts] = useState(lazyCharts)
  return (
    <ErrorBoundary FallbackComponent={ChartFailed} onReset={() => setCharts(lazyCharts)}>
      <Suspense fallback={<p className="py-6 text-ink/70">{copy.chartLoading}</p>}>{children(charts)}</Suspense>
    </ErrorBoundary>
  )
}

export function LazyStagesChart(props: ComponentProps<Charts['StagesChart']>) {
  return <ChartSlot>{({ StagesChart }) => <StagesChart {...props} />}</ChartSlot>
}

export function LazyDaysChart(props: ComponentProps<Charts['DaysChart']>) {
  return <ChartSlot>{({ DaysChart }) => <DaysChart {...props} />}</ChartSlot>
}
