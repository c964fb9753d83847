import type { LeadOrder, LeadSummary } from '../../../common/lead-list-api.ts'
import type { Selection } from './use-selection.ts'

export interface LeadRowsProps {
  leads: LeadSummary[]
  spam: boolean
  /** The time the ages are read at ("2 h ago"). */
  now: number
  /** The order shown (leadOrderOf): the sort, or the upcoming calls by start. */
  sort: LeadOrder
  selection: Selection
  onStatusChanged: (announcement: string) => void
}
