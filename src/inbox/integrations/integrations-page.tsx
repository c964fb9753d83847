import type { PlatformStatus } from '../../../common/conversions-api.ts'
import { usePlatformStatuses } from '../api/conversions.ts'
import { conversionsCopy } from '../content/conversions-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { formatDateTime } from '../ui/format.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { Section } from '../ui/section.tsx'
import { TestEventButton } from './test-event-button.tsx'

const copy = conversionsCopy.integrations

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  )
}

function PlatformPanel({ status }: { status: PlatformStatus }) {
  const { platform } = status
  return (
    <Section title={conversionsCopy.platform(platform)}>
      <dl className="flex flex-col gap-2">
        <Fact term={copy.configured}>{status.configured ? copy.on : copy.off(platform)}</Fact>
        <Fact term={copy.lastSuccess}>{status.lastSuccessAt ? formatDateTime(status.lastSuccessAt) : copy.never}</Fact>
        <Fact term={copy.lastError}>
          {status.lastErrorAt ? `${formatDateTime(status.lastErrorAt)}: ${status.lastError ?? ''}` : copy.none}
        </Fact>
        <Fact term={copy.paused}>
          {status.paused
            ? copy.pausedSince(status.pausedAt ? formatDateTime(status.pausedAt) : '', status.pausedReason ?? '')
            : copy.notPaused}
        </Fact>
      </dl>
      {status.configured && <TestEventButton platform={platform} />}
    </Section>
  )
}

/** Each ad platform: on or off, its last success and error, whether it is paused, and a test event. */
export function IntegrationsPage() {
  const statuses = usePlatformStatuses()
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <InboxLink href={adminPaths.account} className="font-semibold underline underline-offset-4">
          ← {copy.back}
        </InboxLink>
        <div className="mt-4">
          <PageTitle>{copy.title}</PageTitle>
        </div>
        <p className="mt-2 max-w-prose text-ink/80">{copy.intro}</p>
      </div>
      {statuses.isPending && <p>{inboxCopy.loading}</p>}
      {statuses.isError && <LoadFailed error={statuses.error} onRetry={() => void statuses.refetch()} />}
      {statuses.data?.map((status) => (
        <PlatformPanel key={status.platform} status={status} />
      ))}
    </div>
  )
}
