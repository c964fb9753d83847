import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { leadName } from '../leads-shared/lead-name.ts'
import { StatusSelect } from '../leads-shared/status-select.tsx'

/** A list row's status control, labelled with the lead it changes, in the table and the cards alike. */
export function RowStatusSelect({
  lead,
  onChanged,
  chip,
}: {
  lead: LeadSummary
  onChanged: (announcement: string) => void
  chip?: boolean
}) {
  return (
    <StatusSelect
      id={lead.id}
      status={lead.status}
      name={leadName(lead)}
      label={inboxCopy.list.statusOf(leadName(lead))}
      onChanged={onChanged}
      chip={chip}
    />
  )
}
