import type { LeadSummary } from '../../../common/admin-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { formatDateTime } from '../format.ts'

const columns = inboxCopy.columns

/** The list's text columns, in order, between the name (a link) and the status (a control). */
export const leadColumns: readonly { label: string; value: (lead: LeadSummary) => string }[] = [
  { label: columns.instagram, value: (lead) => lead.answers.instagram },
  { label: columns.email, value: (lead) => lead.answers.email },
  { label: columns.phone, value: (lead) => lead.answers.phone },
  { label: columns.budget, value: (lead) => lead.answers.budget },
  { label: columns.revenue, value: (lead) => lead.answers.revenue },
  { label: columns.source, value: (lead) => lead.source ?? '—' },
]

export const receivedAt = (lead: LeadSummary) => formatDateTime(lead.receivedAt)

/** A lead's name as a link text: never empty, so the link always has a name. */
export const leadName = (lead: LeadSummary) => lead.answers.name.trim() || `#${lead.id}`

export interface LeadRowsProps {
  leads: LeadSummary[]
  spam: boolean
  onStatusChanged: (announcement: string) => void
}
