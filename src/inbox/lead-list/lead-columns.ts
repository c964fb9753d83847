import type { LeadSort, LeadSummary } from '../../../common/lead-list-api.ts'
import type { Selection } from './use-selection.ts'

export interface LeadRowsProps {
  leads: LeadSummary[]
  spam: boolean
  /** The time the ages are read at ("2 h ago"). */
  now: number
  sort: LeadSort
  selection: Selection
  onStatusChanged: (announcement: string) => void
}
