import { AdminApiError } from '../api/inbox-fetch.ts'
import { funnelCsvPath, useFunnel } from '../api/funnel.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { Section } from '../lead-detail/section.tsx'
import { LoadFailed } from '../shell/load-failed.tsx'
import { Notice } from '../shell/notice.tsx'
import { PageTitle } from '../shell/page-title.tsx'
import { DaysLegend } from './days-legend.tsx'
import { DaysTable } from './days-table.tsx'
import { formatDay } from './figures.ts'
import { FunnelFilterForm } from './funnel-filter-form.tsx'
import { funnelQueryFrom } from './funnel-query.ts'
import { LazyDaysChart, LazyStagesChart } from './lazy-chart.tsx'
import { SourcesTable } from './sources-table.tsx'
import { StagesTable } from './stages-table.tsx'

const copy = inboxCopy.funnel

/** How far visitors get through the funnel over a range of days: as charts, tables and a CSV. */
export function FunnelPage({ params }: { params: URLSearchParams }) {
  const query = funnelQueryFrom(params)
  const funnel = useFunnel(query)
  const data = funnel.data
  const range = data ? copy.range(formatDay(data.from), formatDay(data.to), data.source) : ''
  const refused = funnel.error instanceof AdminApiError && funnel.error.status === 400

  return (
    <>
      <PageTitle>{copy.title}</PageTitle>
      <p className="mt-2 max-w-prose text-ink/80">{copy.intro}</p>
      <FunnelFilterForm key={params.toString()} query={query} sources={data?.sources ?? []} />
      <a
        href={funnelCsvPath(query)}
        download
        className="mt-4 inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5"
      >
        {copy.download}
      </a>
      {funnel.isPending && <p className="mt-6">{inboxCopy.loading}</p>}
      {refused && (
        <Notice tone="error" className="mt-6">
          {copy.refused}
        </Notice>
      )}
      {funnel.isError && !refused && <LoadFailed onRetry={() => void funnel.refetch()} />}
      {data && !funnel.isError && (
        <div aria-busy={funnel.isPlaceholderData} className="mt-6 flex flex-col gap-6">
          {data.stages[0]?.visitors === 0 && <p>{copy.empty}</p>}
          <Section title={copy.stagesTitle}>
            <LazyStagesChart stages={data.stages} label={copy.stagesChart(range)} />
            <StagesTable stages={data.stages} caption={copy.stagesCaption(range)} />
          </Section>
          <Section title={copy.sourcesTitle}>
            <SourcesTable rows={data.bySource} caption={copy.sourcesCaption(formatDay(data.from), formatDay(data.to))} />
          </Section>
          <Section title={copy.daysTitle}>
            <LazyDaysChart days={data.days} label={copy.daysChart(range)} />
            <DaysLegend />
            <DaysTable days={data.days} caption={copy.daysCaption(range)} />
          </Section>
        </div>
      )}
    </>
  )
}
