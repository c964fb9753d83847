import type { LeadSummary } from '../../../common/admin-api.ts'
import type { LeadSort } from '../../../common/lead-list-api.ts'
import type { Selection } from './use-selection.ts'

/** A lead's name as a link text: never empty, so the link always has a name. */
export const leadName = (lead: LeadSummary) => lead.answers.name.trim() || `#${lead.id}`

export interface LeadRowsProps {
  leads: LeadSummary[]
  spam: boolean
  /** The time the ages are read at ("2 h ago"). */
  now: number
  sort: LeadSort
  selection: Selection
  onStatusChanged: (announcement: string) => void
}
