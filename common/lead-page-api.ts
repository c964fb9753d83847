/**
 * What the inbox's API says for a lead's own page: its LeadDetail (a LeadSummary
 * of lead-list-api.ts and more), notes, deliveries and neighbours. Kept free of
 * zod, like admin-api.ts.
 */
import type { DeliveryEvent, LeadBooking } from './booking-api.ts'
import type { LeadAnswers, LeadSummary } from './lead-list-api.ts'
import type { LeadOutcome } from './lead-outcome-api.ts'
import type { LeadStatus } from './lead-status.ts'
import type { LeadOwnerChange } from './owner-api.ts'

/**
 * GET /api/admin/leads/:id/neighbours plus the list's filters (the same
 * query as GET /api/admin/leads, its cursor ignored): the ids of the leads
 * just above and just below this one in the list those filters show, in the
 * list's order; null at either end. The lead need not match the filters
 * itself (its status may have changed since): its place is taken from its
 * own time and id. 400 for a filter the list would refuse, 404 for an
 * unknown lead.
 */
export interface LeadNeighbours {
  /** The lead above this one: newer, in the list's order. */
  previous: number | null
  /** The lead below this one: older. */
  next: number | null
}

export interface LeadNote {
  id: number
  body: string
  author: string
  at: string
}

export interface LeadStatusChange {
  from: LeadStatus | null
  to: LeadStatus
  author: string
  at: string
  /** Why, when there is more to say: the cancel reason, "No-show", a lost reason (ADR 040). */
  reason: string | null
}

export interface DeliveryAttempt {
  startedAt: string
  durationMs: number
  status: number | null
  error: string | null
}

export interface LeadDelivery {
  id: number
  /** What it announces. */
  event: DeliveryEvent
  /** What may be shown of the channel (never a secret). */
  channel: string
  state: 'pending' | 'delivered' | 'failed'
  /** When it was queued (its first time; a resend keeps it). */
  queuedAt: string
  attempts: DeliveryAttempt[]
}

/** GET /api/admin/leads/:id */
export interface LeadDetail extends LeadSummary {
  submissionId: string
  spam: boolean
  /** The attribution column as stored: { first?, last? } touches, or null. */
  attribution: unknown
  /** When the booking page was opened, once that is recorded; null until then. */
  bookingOpenedAt: string | null
  /** Its bookings, by the order they were made. */
  bookings: LeadBooking[]
  deliveries: LeadDelivery[]
  history: LeadStatusChange[]
  notes: LeadNote[]
  /** The other leads that applied with its email or phone within DUPLICATE_WINDOW_DAYS (common/merge-api.ts), oldest first. */
  duplicates: LeadDuplicate[]
  /** The applications merged into it, by the time they were sent. */
  mergedApplications: MergedApplication[]
  /** The outcomes entered after its call, oldest first: the last is the lead's outcome (ADR 040). */
  outcomes: LeadOutcome[]
  /** Its changes of owner, oldest first. */
  ownerChanges: LeadOwnerChange[]
}

/** Another lead with the same email (case ignored) or phone (its digits). */
export interface LeadDuplicate {
  id: number
  receivedAt: string
  name: string
  status: LeadStatus
  sameEmail: boolean
  samePhone: boolean
}

/** An application merged into this lead (POST /leads/:id/merge): what it said, kept as the lead's history. */
export interface MergedApplication {
  /** Its id before the merge; it names no lead now. */
  id: number
  appliedAt: string
  answers: LeadAnswers
  mergedBy: string
  mergedAt: string
}

/** POST /api/admin/leads/:id/not-spam: a spam entry becomes a lead, announced as new; its LeadDetail, 409 when not spam. */

/** POST /api/admin/leads/:id/notes: answers 201 with the LeadNote. */
export const NOTE_MAX_LENGTH = 5000

/**
 * POST /api/admin/deliveries/:id/resend: due again now (a failed one becomes
 * pending, with a fresh round of retries; its attempts stay on record). 204, or
 * 404 for an unknown delivery.
 */
