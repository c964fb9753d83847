import { sourceLabel } from '../../../common/source-labels.ts'
import { funnelCsvPath, useFunnel } from '../api/funnel.ts'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { funnelCopy } from '../content/funnel-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { LoadFailed } from '../ui/load-failed.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { Section } from '../ui/section.tsx'
import { DaysDetails } from './days-details.tsx'
import { DaysLegend } from './days-legend.tsx'
import { formatDay } from './figures.ts'
import { FunnelFilterForm } from './funnel-filter-form.tsx'
import { funnelPath, funnelQueryFrom } from './funnel-query.ts'
import { HeadlineFigures } from './headline-figures.tsx'
import { LazyDaysChart, LazyStagesChart } from './lazy-chart.tsx'
import { keepMoney } from './money-query.ts'
import { MoneySection } from './money-section.tsx'
import { SourcesTable } from './sources-table.tsx'
import { StagesTable } from './stages-table.tsx'

const copy = inboxCopy.funnel

/**
 * Which source converts, and whether this range does better than the one
 * before: headline figures against the period before, the sources side by
 * side (choosing one filters the rest), the days and the steps, as charts,
 * tables and a CSV.
 */
export function FunnelPage({ params }: { params: URLSearchParams }) {
  const query = funnelQueryFrom(params)
  const funnel = useFunnel(query)
  const data = funnel.data
  const range = data
    ? copy.range(formatDay(data.from), formatDay(data.to), data.source && sourceLabel(data.source))
    : ''
  const everySource = data ? copy.range(formatDay(data.from), formatDay(data.to), null) : ''
  const refusal = funnel.error instanceof AdminApiError && funnel.error.status === 400 ? funnel.error : undefined
  const refused = refusal !== undefined
  // A new range or source keeps the money table's touch and drill-down, like the rest of the address.
  const keep = (path: string) => keepMoney(path, params)
  const hrefOf = (source: string) => keep(funnelPath({ from: query.from, to: query.to, source }))

  return (
    <>
      <PageTitle>{copy.title}</PageTitle>
      <p className="mt-2 max-w-prose text-ink/80">{copy.intro}</p>
      <FunnelFilterForm key={params.toString()} query={query} sources={data?.sources ?? []} keep={keep} />
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
          {refusal?.serverMessage && ` ${funnelCopy.serverSays(refusal.serverMessage)}`}
        </Notice>
      )}
      {funnel.isError && !refused && <LoadFailed error={funnel.error} onRetry={() => void funnel.refetch()} />}
      {data && !funnel.isError && (
        <div aria-busy={funnel.isPlaceholderData} className="mt-6 flex flex-col gap-6">
          {data.stages[0]?.visitors === 0 && <p>{copy.empty}</p>}
          <Section title={funnelCopy.headlineTitle}>
            <p className="font-semibold">{range}</p>
            <HeadlineFigures totals={data.totals} previous={data.previous} />
          </Section>
          <Section title={copy.sourcesTitle}>
            <p className="max-w-prose text-sm text-ink/80">{funnelCopy.sourcesIntro}</p>
            {data.source !== null && (
              <InboxLink
                href={keep(funnelPath({ from: query.from, to: query.to }))}
                className="mt-2 inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
              >
                {funnelCopy.everySource}
              </InboxLink>
            )}
            {data.bySource.length === 0 ? (
              <p className="mt-4">{funnelCopy.noSources}</p>
            ) : (
              <SourcesTable
                rows={data.bySource}
                caption={funnelCopy.sourcesCaption(everySource)}
                chosen={data.source}
                hrefOf={hrefOf}
              />
            )}
          </Section>
          <MoneySection params={params} range={{ from: query.from, to: query.to }} />
          <Section title={copy.daysTitle}>
            <LazyDaysChart days={data.days} label={copy.daysChart(range)} />
            <DaysLegend />
            <DaysDetails days={data.days} caption={copy.daysCaption(range)} />
          </Section>
          <Section title={copy.stagesTitle}>
            <LazyStagesChart stages={data.stages} label={copy.stagesChart(range)} />
            <StagesTable stages={data.stages} caption={copy.stagesCaption(range)} />
          </Section>
        </div>
      )}
    </>
  )
}
