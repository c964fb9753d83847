import { CANCELLED_REASON, NO_SHOW_REASON } from '../../common/lead-outcome-api.ts'
import type { Queryable } from '../db/database.ts'
import { changeStatus, markBooked } from './status-change.ts'

/**
 * "Needs an outcome" (ADR 040), for the lead whose id is the SQL expression
 * `leadId`: its status is `booked` and its current call (its latest scheduled
 * booking, the one with the latest start) has started. Not a status: a call's
 * start passing changes no row. The one definition the list's filter, its
 * count and the calls agenda use.
 */
export const needsOutcomeSql = (leadId: string) =>
  `(EXISTS (SELECT 1 FROM lead_pipeline np WHERE np.application_id = ${leadId} AND np.status = 'booked')
    AND (SELECT max(cb.starts_at) FROM bookings cb WHERE cb.application_id = ${leadId} AND cb.state = 'scheduled') <= now())`

/**
 * The same rule read from one call: `booking` (a row of bookings, scheduled)
 * is its lead's current call, has started, and the lead (its lead_pipeline
 * row `pipeline`) is still booked. For a scan of calls, as the agenda's: one
 * probe of the lead's later bookings per row, where needsOutcomeSql would read
 * the lead's pipeline row and all its bookings again.
 */
export const callNeedsOutcomeSql = (booking: string, pipeline: string) =>
  `(${pipeline}.status = 'booked' AND ${booking}.starts_at <= now() AND NOT EXISTS (SELECT 1 FROM bookings lb
    WHERE lb.application_id = ${booking}.application_id AND lb.state = 'scheduled' AND lb.starts_at > ${booking}.starts_at))`

/** What a booking event tells the lifecycle of its lead, once the booking's own row is up to date. */
export type CallTurn =
  /** The call is off: cancelled, not as half of a reschedule. */
  | { kind: 'canceled'; reason: string | null }
  /** The provider marked the applicant a no-show. */
  | { kind: 'no_show' }

/**
 * A booked lead whose call is off goes to `to_chase`, with the reason: the
 * provider's cancel reason (else "Cancelled") or "No-show". Only while it has
 * no other call still to come (a scheduled booking that has not started): a
 * lead who booked again stays booked. Only from `booked`: an outcome someone
 * entered stays, and a lead never booked is not chased for a call it never had.
 */
export async function markToChase(tx: Queryable, applicationId: number, author: string, turn: CallTurn) {
  const [upcoming] = await tx.query(
    `SELECT 1 FROM bookings WHERE application_id = $1 AND state = 'scheduled' AND starts_at > now() LIMIT 1`,
    [applicationId],
  )
  if (upcoming) return
  const reason = turn.kind === 'no_show' ? NO_SHOW_REASON : (turn.reason ?? CANCELLED_REASON)
  await changeStatus(tx, { ids: [applicationId], to: 'to_chase', author, onlyFrom: ['booked'], reason })
}

/**
 * The provider took back its no-show mark: a lead it put in `to_chase` for
 * that no-show (its latest change, "No-show", by the same author) is booked
 * again. One a person moved since, or chased for another reason, stays.
 */
export async function unmarkNoShow(tx: Queryable, applicationId: number, author: string) {
  const [latest] = await tx.query<{ to_status: string; reason: string | null; author: string }>(
    `SELECT to_status, reason, author FROM lead_status_changes WHERE application_id = $1 ORDER BY at DESC, id DESC LIMIT 1`,
    [applicationId],
  )
  if (latest?.to_status !== 'to_chase' || latest.reason !== NO_SHOW_REASON || latest.author !== author) return
  await changeStatus(tx, { ids: [applicationId], to: 'booked', author, onlyFrom: ['to_chase'] })
}

/** A booking as someone linked it to its lead by hand: its state now, and whether a reschedule replaced it. */
export interface LinkedCall {
  state: 'scheduled' | 'canceled' | 'no_show'
  cancelReason: string | null
  replaced: boolean
}

/**
 * A booking no lead matched, linked to one by hand, moves the lead as if the
 * booking had arrived matched in the state it is in now: booked, then to chase
 * when the call was cancelled (not as half of a reschedule) or missed. The old
 * half of a reschedule moves nothing: its other half is the call.
 */
export async function markCallLinked(tx: Queryable, applicationId: number, author: string, call: LinkedCall) {
  if (call.state === 'canceled' && call.replaced) return
  await markBooked(tx, applicationId, author)
  if (call.state === 'canceled')
    await markToChase(tx, applicationId, author, { kind: 'canceled', reason: call.cancelReason })
  if (call.state === 'no_show') await markToChase(tx, applicationId, author, { kind: 'no_show' })
}
