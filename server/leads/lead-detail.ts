import type { LeadBooking } from '../../common/booking-api.ts'
import type { LeadOutcome } from '../../common/lead-outcome-api.ts'
import type {
  DeliveryAttempt,
  LeadDelivery,
  LeadDetail,
  LeadNote,
  LeadStatusChange,
} from '../../common/lead-page-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import type { LeadOwnerChange } from '../../common/owner-api.ts'
import type { Queryable } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { leadOutcomeOf, OUTCOME_COLUMNS, type OutcomeRow } from '../lead-lifecycle/outcome.ts'
import { leadDuplicates, mergedApplications } from './duplicates.ts'
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './list-leads.ts'

interface DetailRow extends SummaryRow {
  submission_id: string
  spam: boolean
  attribution: unknown
  booking_opened_at: string | null
}

/** Every answer, the attribution, the pipeline and the notifications of lead `id`; undefined when there is none. */
export async function getLeadDetail(db: Queryable, id: number): Promise<LeadDetail | undefined> {
  const [row] = await db.query<DetailRow>(
    `SELECT ${SUMMARY_COLUMNS}, s.submission_id::text AS submission_id, s.spam, s.attribution,
       ${utcText('p.booking_opened_at')} AS booking_opened_at
     FROM contact_submissions s JOIN lead_pipeline p ON p.application_id = s.id
     WHERE s.id = $1`,
    [id],
  )
  if (row === undefined) return undefined
  const [bookings, deliveries, history, notes, duplicates, merged, outcomes, ownerChanges] = await Promise.all([
    leadBookings(db, id),
    leadDeliveries(db, id),
    statusHistory(db, id),
    leadNotes(db, id),
    leadDuplicates(db, id),
    mergedApplications(db, id),
    leadOutcomes(db, id),
    ownerHistory(db, id),
  ])
  return {
    ...toSummary(row),
    submissionId: row.submission_id,
    spam: row.spam,
    attribution: row.attribution ?? null,
    bookingOpenedAt: row.booking_opened_at,
    bookings,
    deliveries,
    history,
    notes,
    duplicates,
    mergedApplications: merged,
    outcomes,
    ownerChanges,
  }
}

async function leadBookings(db: Queryable, id: number): Promise<LeadBooking[]> {
  const rows = await db.query<{ events: string } & Omit<LeadBooking, 'events'>>(
    `SELECT b.provider, b.state, ${utcText('b.starts_at')} AS "startsAt", ${utcText('b.ends_at')} AS "endsAt", b.cancel_reason AS "cancelReason",
       coalesce((SELECT json_agg(json_build_object('kind', e.kind, 'at', ${utcText('e.occurred_at')}) ORDER BY e.occurred_at, e.id)
         FROM booking_events e WHERE e.booking_id = b.id), '[]'::json)::text AS events
     FROM bookings b WHERE b.application_id = $1
     ORDER BY b.created_at, b.id`,
    [id],
  )
  return rows.map(({ events, ...booking }) => ({ ...booking, events: JSON.parse(events) as LeadBooking['events'] }))
}

async function leadDeliveries(db: Queryable, id: number): Promise<LeadDelivery[]> {
  const rows = await db.query<{
    id: string
    event: LeadDelivery['event']
    channel: string
    state: LeadDelivery['state']
    queued_at: string
    attempts: DeliveryAttempt[]
  }>(
    `SELECT d.id::text AS id, d.event, t.label AS channel, d.state, ${utcText('d.created_at')} AS queued_at,
       coalesce((SELECT json_agg(json_build_object(
           'startedAt', ${utcText('a.started_at')}, 'durationMs', a.duration_ms, 'status', a.status, 'error', a.error)
         ORDER BY a.started_at, a.id)
         FROM lead_delivery_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts
     FROM lead_deliveries d JOIN lead_delivery_targets t ON t.target = d.target
     WHERE d.application_id = $1
     ORDER BY d.id`,
    [id],
  )
  return rows.map((row) => ({
    id: Number(row.id),
    event: row.event,
    channel: row.channel,
    state: row.state,
    queuedAt: row.queued_at,
    attempts: row.attempts,
  }))
}

async function statusHistory(db: Queryable, id: number): Promise<LeadStatusChange[]> {
  const rows = await db.query<{
    from_status: LeadStatus | null
    to_status: LeadStatus
    author: string
    at: string
    reason: string | null
  }>(
    `SELECT from_status, to_status, author, ${utcText('at')} AS at, reason
     FROM lead_status_changes WHERE application_id = $1 ORDER BY id`,
    [id],
  )
  return rows.map((row) => ({
    from: row.from_status,
    to: row.to_status,
    author: row.author,
    at: row.at,
    reason: row.reason,
  }))
}

async function leadOutcomes(db: Queryable, id: number): Promise<LeadOutcome[]> {
  const rows = await db.query<OutcomeRow>(
    `SELECT ${OUTCOME_COLUMNS} FROM lead_outcomes o WHERE o.application_id = $1 ORDER BY o.id`,
    [id],
  )
  return rows.map(leadOutcomeOf)
}

async function leadNotes(db: Queryable, id: number): Promise<LeadNote[]> {
  const rows = await db.query<{ id: string; body: string; author: string; at: string }>(
    `SELECT id::text AS id, body, author, ${utcText('at')} AS at
     FROM lead_notes WHERE application_id = $1 ORDER BY at, id`,
    [id],
  )
  return rows.map((row) => ({ id: Number(row.id), body: row.body, author: row.author, at: row.at }))
}

async function ownerHistory(db: Queryable, id: number): Promise<LeadOwnerChange[]> {
  return db.query<LeadOwnerChange & Record<string, unknown>>(
    `SELECT owner_email AS owner, author, ${utcText('at')} AS at
     FROM lead_owner_changes WHERE application_id = $1 ORDER BY at, id`,
    [id],
  )
}
