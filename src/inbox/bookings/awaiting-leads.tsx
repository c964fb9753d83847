import type { AwaitingLead } from '../../../common/booking-api.ts'
import { useAwaitingLeads } from '../api/bookings.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { DataTable, type Column } from '../ui/data-table.tsx'
import { formatDateTime } from '../ui/format.ts'
import { LoadFailed } from '../ui/load-failed.tsx'

const copy = bookingCopy.awaiting
const cell = 'px-3 py-2 align-top'

const columns: readonly Column<AwaitingLead>[] = [
  { header: copy.applied, className: 'whitespace-nowrap', cell: (lead) => formatDateTime(lead.appliedAt) },
  {
    header: copy.who,
    rowHeader: true,
    className: 'font-semibold break-words',
    cell: (lead) => (
      <InboxLink href={adminPaths.lead(lead.id)} className="underline underline-offset-4 hover:text-ink/70">
        {lead.name}
      </InboxLink>
    ),
  },
  { header: copy.email, className: 'break-all', cell: (lead) => lead.email },
  { header: copy.followUp, cell: (lead) => (lead.followUp === null ? copy.noFollowUp : copy.followUps[lead.followUp]) },
]

/** Leads that applied a while ago and have not booked: the team's list for following up by hand. */
export function AwaitingLeadsSection() {
  const awaiting = useAwaitingLeads()
  const headingId = 'awaiting-leads-heading'
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-xl font-bold">
        {awaiting.data ? copy.title(awaiting.data.afterMinutes) : copy.heading}
      </h2>
      <p className="mt-2 max-w-prose text-ink/80">{copy.intro}</p>
      {awaiting.isPending && <p className="mt-4">{inboxCopy.loading}</p>}
      {awaiting.isError && <LoadFailed error={awaiting.error} onRetry={() => void awaiting.refetch()} />}
      {awaiting.data?.leads.length === 0 && <p className="mt-4">{copy.none}</p>}
      {awaiting.data && awaiting.data.leads.length > 0 && (
        <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
          <DataTable
            caption={copy.caption}
            columns={columns}
            rows={awaiting.data.leads}
            rowKey={(lead) => lead.id}
            cells={{ head: cell, body: cell }}
          />
        </div>
      )}
    </section>
  )
}
