import type { AgendaCall, AgendaSection } from '../../../common/agenda-api.ts'
import { cn } from '../../lib/cn.ts'
import { useAgenda } from '../api/calls.ts'
import { callsCopy } from '../content/calls-copy.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'
import { ownerCopy } from '../content/owner-copy.ts'
import { OwnerName } from '../leads-shared/owner-name.tsx'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { formatFullCallTime, inboxTimeZone } from '../ui/format.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { Section } from '../ui/section.tsx'
import { statusTone } from '../ui/status-tone.ts'

const nameOf = (call: AgendaCall) => call.leadName.trim() || `#${call.leadId}`

/**
 * One call: its full start on the agency's clock, the lead, its owner, and the
 * join link when the provider gave one. A row on a wide screen, three short lines on a phone.
 */
function CallRow({ call }: { call: AgendaCall }) {
  const name = nameOf(call)
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 py-2 sm:grid-cols-[16rem_1fr_8rem_minmax(0,14rem)_auto] sm:py-3">
      <time dateTime={call.startsAt} className="col-span-2 font-semibold sm:col-span-1">
        {formatFullCallTime(call.startsAt)}
      </time>
      <InboxLink
        href={adminPaths.lead(call.leadId)}
        className="min-w-0 break-words font-semibold text-ink underline underline-offset-4"
      >
        {name}
      </InboxLink>
      <span
        className={cn(
          'hidden justify-self-start rounded-full px-2 py-0.5 text-sm ring-1 sm:inline-block',
          statusTone[call.status].chip,
        )}
      >
        {statusLabels[call.status]}
      </span>
      <span className="order-last col-span-2 min-w-0 text-sm text-ink/80 sm:order-none sm:col-span-1 sm:text-base sm:text-ink">
        <span className="sr-only">{ownerCopy.owner}: </span>
        <OwnerName owner={call.owner} />
      </span>
      {call.joinUrl ? (
        <a
          href={call.joinUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={callsCopy.joinName(name)}
          className="inline-flex min-h-11 items-center justify-self-end rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5"
        >
          {callsCopy.join}
        </a>
      ) : (
        <span className="justify-self-end text-sm text-ink/70">{callsCopy.noLink}</span>
      )}
    </li>
  )
}

function AgendaPart({ section }: { section: AgendaSection }) {
  return (
    <Section title={callsCopy.sections[section.id]} aside={String(section.calls.length)}>
      {section.calls.length === 0 ? (
        <p className="text-ink/80">{callsCopy.empty[section.id]}</p>
      ) : (
        <ol className="divide-y divide-ink/10">
          {section.calls.map((call) => (
            <CallRow key={call.bookingId} call={call} />
          ))}
        </ol>
      )}
      {section.more && <p className="mt-2 text-sm text-ink/80">{callsCopy.more}</p>}
    </Section>
  )
}

/** The calls agenda: the calls to come by start, in the agency's days, and those past without an outcome. */
export function CallsPage() {
  const agenda = useAgenda()
  return (
    <>
      <PageTitle>{callsCopy.title}</PageTitle>
      <p className="mt-2 max-w-prose text-ink/80">{callsCopy.intro}</p>
      {agenda.data && <p className="mt-1 text-sm font-semibold">{callsCopy.timesIn(inboxTimeZone())}</p>}
      {agenda.isPending && <p className="mt-4">{inboxCopy.loading}</p>}
      {agenda.isError && <LoadFailed error={agenda.error} onRetry={() => void agenda.refetch()} />}
      {agenda.data && (
        <div className="mt-6 grid gap-6">
          {agenda.data.sections.map((section) => (
            <AgendaPart key={section.id} section={section} />
          ))}
        </div>
      )}
    </>
  )
}
