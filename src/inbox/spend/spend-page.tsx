import { funnelRange } from '../../../common/funnel.ts'
import { useOutcomeSettings } from '../api/outcomes.ts'
import { useSpend } from '../api/spend.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { spendCopy } from '../content/spend-copy.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { Section } from '../ui/section.tsx'
import { SpendEntries } from './spend-entries.tsx'
import { SpendForm } from './spend-form.tsx'
import { SpendImport } from './spend-import.tsx'
import { SpendRangeForm } from './spend-range-form.tsx'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const dayParam = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim()
  return value && DAY.test(value) ? value : undefined
}

/** What the ads cost: spend entered by hand or from a CSV, and the entries of a range (in the address) with delete. */
export function SpendPage({ params }: { params: URLSearchParams }) {
  const range = funnelRange({ from: dayParam(params, 'from'), to: dayParam(params, 'to') })
  const settings = useOutcomeSettings()
  const spend = useSpend(range)
  const currency = spend.data?.currency ?? settings.data?.currency
  const copy = spendCopy.entries
  const rangeText = `${range.from} – ${range.to}`
  return (
    <>
      <PageTitle>{spendCopy.title}</PageTitle>
      <p className="mt-2 max-w-prose text-ink/80">{spendCopy.intro}</p>
      <div className="mt-6 flex flex-col gap-6">
        <Section title={spendCopy.form.title}>
          {currency ? <SpendForm currency={currency} /> : <p>{inboxCopy.loading}</p>}
        </Section>
        <Section title={spendCopy.import.title}>
          <SpendImport />
        </Section>
        <Section title={copy.title}>
          <SpendRangeForm key={`${range.from}/${range.to}`} range={range} />
          {spend.isPending && <p className="mt-4">{inboxCopy.loading}</p>}
          {spend.isError && <LoadFailed error={spend.error} onRetry={() => void spend.refetch()} />}
          {spend.data && spend.data.entries.length === 0 && <p className="mt-4">{copy.none}</p>}
          {spend.data?.more && (
            <Notice tone="warning" className="mt-4">
              {copy.more}
            </Notice>
          )}
          {spend.data && spend.data.entries.length > 0 && (
            <SpendEntries entries={spend.data.entries} caption={copy.caption(rangeText)} />
          )}
        </Section>
      </div>
    </>
  )
}
