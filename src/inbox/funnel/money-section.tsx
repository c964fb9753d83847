import type { MoneyRow } from '../../../common/funnel-sources-api.ts'
import { funnelSourceName } from '../../../common/source-labels.ts'
import { funnelSourcesCsvPath, useFunnelSources, type MoneyQuery } from '../api/funnel-sources.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { moneyCopy } from '../content/money-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { navigate } from '../router/use-location.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { Section } from '../ui/section.tsx'
import { formatDayRange } from './figures.ts'
import { drillPath, moneyPath, moneyQueryFrom } from './money-query.ts'
import { MoneyTable } from './money-table.tsx'

const linkClass = 'inline-flex min-h-11 items-center font-semibold underline underline-offset-4'

/** The Funnel's money table with its touch switch, its drill-down trail and its CSV, all kept in the address. */
export function MoneySection({ params, range }: { params: URLSearchParams; range: { from: string; to: string } }) {
  const query = moneyQueryFrom(params, range)
  const sources = useFunnelSources(query)
  const answer = sources.data
  const hrefOf = (row: MoneyRow) => drillPath(params, query, row)
  return (
    <Section title={moneyCopy.title}>
      <p className="max-w-prose text-sm text-ink/80">{moneyCopy.intro}</p>
      <TouchSwitch
        query={query}
        onChange={(next) => navigate(moneyPath(params, { ...query, touch: next }), { replace: true })}
      />
      <Trail query={query} params={params} />
      <a href={funnelSourcesCsvPath(query)} download className={`${linkClass} mt-1`}>
        {moneyCopy.download}
      </a>
      {sources.isPending && <p className="mt-4">{inboxCopy.loading}</p>}
      {sources.isError && <LoadFailed error={sources.error} onRetry={() => void sources.refetch()} />}
      {answer && !sources.isError && (
        <div aria-busy={sources.isPlaceholderData}>
          {answer.rows.length === 0 ? (
            <p className="mt-4">{moneyCopy.empty}</p>
          ) : (
            <MoneyTable
              answer={answer}
              hrefOf={hrefOf}
              caption={moneyCopy.caption(
                moneyCopy.level[answer.level],
                formatDayRange(answer.from, answer.to),
                formatDayRange(answer.previous.from, answer.previous.to),
              )}
            />
          )}
        </div>
      )}
    </Section>
  )
}

function TouchSwitch({ query, onChange }: { query: MoneyQuery; onChange: (touch: 'first' | 'last') => void }) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold">{moneyCopy.touch}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {(['last', 'first'] as const).map((touch) => (
          <label
            key={touch}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 ring-1 ring-ink/25 has-[:checked]:bg-ink has-[:checked]:text-white"
          >
            <input
              type="radio"
              name="touch"
              value={touch}
              checked={query.touch === touch}
              onChange={() => onChange(touch)}
              className="size-4"
            />
            {moneyCopy.touches[touch]}
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-ink/70">{moneyCopy.touchHint}</p>
    </fieldset>
  )
}

/** Every source › a source › a campaign: each level above the one shown is a link back to it. */
function Trail({ query, params }: { query: MoneyQuery; params: URLSearchParams }) {
  const { touch, source, paid, campaign } = query
  if (source === undefined || paid === undefined) return null
  const sourceName = `${funnelSourceName(source) ?? source} (${paid ? moneyCopy.paid : moneyCopy.organic})`
  const steps = [
    { label: moneyCopy.everySource, href: moneyPath(params, { touch }) },
    { label: sourceName, href: moneyPath(params, { touch, source, paid }) },
    ...(campaign === undefined ? [] : [{ label: campaign, href: '' }]),
  ]
  return (
    <nav aria-label={moneyCopy.trail} className="mt-3">
      <ol className="flex flex-wrap items-center gap-x-2">
        {steps.map((step, index) => {
          const last = index === steps.length - 1
          return (
            <li key={step.label} className="flex items-center gap-2">
              {index > 0 && <span aria-hidden="true">›</span>}
              {last ? (
                <span aria-current="page" className="inline-flex min-h-11 items-center font-semibold">
                  {step.label}
                </span>
              ) : (
                <InboxLink href={step.href} className={linkClass}>
                  {step.label}
                </InboxLink>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
