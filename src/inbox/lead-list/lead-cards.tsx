import { bookingCopy } from '../content/booking-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { LeadLink } from './lead-link.tsx'
import { leadColumns, leadName, receivedAt, type LeadRowsProps } from './lead-columns.ts'
import { bookingLabel } from './booking-label.ts'
import { NewBadge } from './new-badge.tsx'
import { NotSpamButton } from './not-spam-button.tsx'
import { RowStatusSelect } from './row-status-select.tsx'

/** The list below 640 px: one card per lead, the same facts as the table's row. */
export function LeadCards({ leads, spam, onStatusChanged }: LeadRowsProps) {
  return (
    <ul aria-label={inboxCopy.list.caption} className="flex flex-col gap-3 sm:hidden">
      {leads.map((lead) => (
        <li key={lead.id} className="rounded-2xl bg-white p-4 shadow-sm">
          <article aria-label={leadName(lead)}>
            <h2 className="text-lg font-bold">
              <LeadLink id={lead.id} className="underline underline-offset-4">
                {leadName(lead)}
              </LeadLink>
              <NewBadge lead={lead} />
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold">{inboxCopy.columns.receivedAt}</dt>
              <dd>{receivedAt(lead)}</dd>
              {lead.booking && (
                <>
                  <dt className="font-semibold">{bookingCopy.column}</dt>
                  <dd>{bookingLabel(lead)}</dd>
                </>
              )}
              {leadColumns.map((column) => (
                <div key={column.label} className="contents">
                  <dt className="font-semibold">{column.label}</dt>
                  <dd className="break-words">{column.value(lead)}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3">
              {spam ? (
                <NotSpamButton id={lead.id} name={leadName(lead)} onMoved={onStatusChanged} />
              ) : (
                <RowStatusSelect lead={lead} onChanged={onStatusChanged} />
              )}
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}
