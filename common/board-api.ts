/** The pipeline board's route in the inbox's API (the rest of the contract is admin-api.ts). */
import type { LeadSummary } from './lead-list-api.ts'
import type { LeadStatus } from './lead-status.ts'

/** How many cards each column of the pipeline board carries: the newest leads of its status. */
export const BOARD_COLUMN_SIZE = 25

/** One column of the pipeline board: how many leads have the status, and the newest of them. */
export interface LeadBoardColumn {
  status: LeadStatus
  /** Every lead with the status, spam left out; not only those in `leads`. */
  count: number
  /** The newest BOARD_COLUMN_SIZE leads with the status, newest first, as GET /leads lists them. */
  leads: LeadSummary[]
}

/**
 * GET /api/admin/leads/board: one column per status, in LEAD_STATUSES' order.
 * Spam is never on it. A card moves with PATCH /api/admin/leads/:id.
 */
export interface LeadBoard {
  columns: LeadBoardColumn[]
}
