import { PROVIDER_NAMES } from '../../common/booking-api.ts'
import type { Database, Queryable, Row } from '../db/database.ts'
import { markToChase, unmarkNoShow } from '../lead-lifecycle/chase.ts'
import { markBooked } from '../lead-lifecycle/status-change.ts'
import type { Notifications } from '../notify/notifications.ts'
import type { BookingEvent } from './booking-event.ts'

/** How far back a booking is matched to a lead by email alone. */
export const EMAIL_MATCH_DAYS = 30

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface AppliedBooking {
  /** False when the delivery's key was applied before: nothing changed. */
  applied: boolean
  bookingId?: number
  applicationId?: number | null
}

interface BookingRow extends Row {
  id: string
  application_id: string | null
  state: 'scheduled' | 'canceled' | 'no_show'
  no_show_changed_at: string | null
}

/**
 * Applies one verified delivery in one transaction: its receipt (so a second
 * delivery of the same key changes nothing), the booking it names, matched to
 * a lead if none is yet, the booking's new state, a line of its history, and
 * for a new booking the lead's move to `booked` (ADR 026). Deliveries may come
 * twice or out of order; the rules below make the end state the same:
 * - a cancel or a no-show for a booking never seen creates it, in that state;
 * - a create for a booking already canceled fills in what it lacks and leaves the state;
 * - a no-show mark or unmark older (by the provider's clock) than the last one applied changes nothing.
 */
export async function applyBookingEvent(
  db: Database,
  notifications: Notifications,
  event: BookingEvent,
): Promise<AppliedBooking> {
  if (event.change === 'requested') return recordRequest(db, event)
  return db.transaction(async (tx) => {
    const receipt = await tx.query(
      'INSERT INTO booking_receipts (provider, key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1 AS new',
      [event.provider, event.key],
    )
    if (receipt.length === 0) return { applied: false }

    await tx.query(
      `INSERT INTO bookings (provider, provider_booking_id, state) VALUES ($1, $2, 'scheduled')
       ON CONFLICT (provider, provider_booking_id) DO NOTHING`,
      [event.provider, event.bookingId],
    )
    const [booking] = await tx.query<BookingRow>(
      `SELECT id::text, application_id::text, state, no_show_changed_at::text FROM bookings
       WHERE provider = $1 AND provider_booking_id = $2 FOR UPDATE`,
      [event.provider, event.bookingId],
    )
    if (booking === undefined) throw new Error('the booking just written is not there')
    const id = Number(booking.id)
    const applicationId = booking.application_id === null ? await matchLead(tx, event) : Number(booking.application_id)
    // A booking of a spam entry is kept on it, for the inbox, but is nobody's news and books nothing.
    const spam = applicationId !== null && (await isSpam(tx, applicationId))

    // What every event may tell: who, when, what it replaces. Kept when already known.
    await tx.query(
      `UPDATE bookings SET
         application_id = coalesce(application_id, $2),
         attendee_email = coalesce(attendee_email, $3),
         attendee_name = coalesce(attendee_name, $4),
         starts_at = coalesce(starts_at, $5::timestamptz),
         ends_at = coalesce(ends_at, $6::timestamptz),
         replaces = coalesce(replaces, $7),
         join_url = coalesce($8, join_url),
         updated_at = now()
       WHERE id = $1`,
      [
        id,
        applicationId,
        event.email ?? null,
        event.name ?? null,
        event.startsAt ?? null,
        event.endsAt ?? null,
        event.replaces ?? null,
        event.joinUrl ?? null,
      ],
    )

    const recorded = await changeState(tx, id, booking, event)
    if (recorded) {
      const kind = event.change === 'created' && event.replaces !== undefined ? 'rescheduled' : event.change
      const [line] = await tx.query<{ id: string }>(
        'INSERT INTO booking_events (booking_id, kind, occurred_at) VALUES ($1, $2, $3) RETURNING id::text',
        [id, kind, event.occurredAt],
      )
      // The team hears of it as of a new lead, from the outbox, in this transaction (ADR 027). The
      // cancel half of a reschedule is not news of its own: its `booking.rescheduled` says it.
      const announced = kind !== 'no_show_removed' && !(kind === 'canceled' && event.rescheduled === true)
      if (applicationId !== null && !spam && announced && line) {
        await notifications.enqueue(tx, { applicationId, bookingEventId: Number(line.id) })
      }
    }
    if (event.change === 'created' && event.replaces !== undefined) {
      // The booking it replaces is over: canceled, pointing here, if it is known and not already so.
      const [replaced] = await tx.query<{ id: string }>(
        `UPDATE bookings SET state = 'canceled', canceled_at = coalesce(canceled_at, $3::timestamptz),
           replaced_by = coalesce(replaced_by, $4), updated_at = now()
         WHERE provider = $1 AND provider_booking_id = $2 AND state = 'scheduled'
         RETURNING id::text`,
        [event.provider, event.replaces, event.occurredAt, event.bookingId],
      )
      if (replaced)
        await tx.query(`INSERT INTO booking_events (booking_id, kind, occurred_at) VALUES ($1, 'canceled', $2)`, [
          replaced.id,
          event.occurredAt,
        ])
    }
    if (applicationId !== null && !spam) await moveLead(tx, applicationId, id, event, recorded)
    return { applied: true, bookingId: id, applicationId }
  })
}

/**
 * What the event does to its lead (ADR 040): a new booking books it (and a
 * rebooking takes it out of the chase list); a call cancelled, not as half of
 * a reschedule, or a no-show puts a booked lead in `to_chase` with the reason.
 * A no-show mark taken back books it again. A create that arrives after its
 * own cancel or no-show books the lead and then applies that, so the end
 * state does not hang on the order of arrival.
 */
async function moveLead(tx: Queryable, applicationId: number, id: number, event: BookingEvent, recorded: boolean) {
  const author = PROVIDER_NAMES[event.provider]
  if (event.change === 'created') await markBooked(tx, applicationId, author)
  const [now] = await tx.query<{ state: BookingRow['state']; cancel_reason: string | null; replaced: boolean }>(
    'SELECT state, cancel_reason, replaced_by IS NOT NULL AS replaced FROM bookings WHERE id = $1',
    [id],
  )
  if (now === undefined) return
  const turned = event.change === 'created' || recorded
  const canceled = now.state === 'canceled' && !now.replaced && event.rescheduled !== true
  if (turned && canceled && (event.change === 'canceled' || event.change === 'created'))
    await markToChase(tx, applicationId, author, { kind: 'canceled', reason: now.cancel_reason })
  else if (turned && now.state === 'no_show' && (event.change === 'no_show' || event.change === 'created'))
    await markToChase(tx, applicationId, author, { kind: 'no_show' })
  else if (recorded && now.state === 'scheduled' && event.change === 'no_show_removed')
    await unmarkNoShow(tx, applicationId, author)
}

/**
 * Links a booking that waits for the host's confirmation to its lead, by our
 * id or the email, so the confirmation (which carries neither our id nor,
 * perhaps, the same email) finds it by uid. Nothing else changes: the lead is
 * not booked until the host confirms. Resolves to whether a link was made.
 */
async function recordRequest(db: Database, event: BookingEvent): Promise<AppliedBooking> {
  return db.transaction(async (tx) => {
    const applicationId = await matchLead(tx, event)
    if (applicationId === null) return { applied: false, applicationId: null }
    const made = await tx.query(
      `INSERT INTO booking_requests (provider, provider_booking_id, application_id, requested_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1 AS new`,
      [event.provider, event.bookingId, applicationId, event.occurredAt],
    )
    return { applied: made.length > 0, applicationId }
  })
}

const isSpam = async (tx: Queryable, applicationId: number) =>
  (await tx.query<{ spam: boolean }>('SELECT spam FROM contact_submissions WHERE id = $1', [applicationId]))[0]
    ?.spam === true

/**
 * The lead a booking belongs to, in ADR 026's order: our id, the request it
 * confirms (ADR 034), the booking it replaces, the email; else null.
 */
async function matchLead(tx: Queryable, event: BookingEvent): Promise<number | null> {
  if (event.applicationRef !== undefined && UUID.test(event.applicationRef)) {
    const [lead] = await tx.query<{ id: string }>('SELECT id::text FROM contact_submissions WHERE submission_id = $1', [
      event.applicationRef,
    ])
    if (lead) return Number(lead.id)
  }
  if (event.change !== 'requested') {
    const [requested] = await tx.query<{ id: string }>(
      'SELECT application_id::text AS id FROM booking_requests WHERE provider = $1 AND provider_booking_id = $2',
      [event.provider, event.bookingId],
    )
    if (requested) return Number(requested.id)
  }
  if (event.replaces !== undefined) {
    const [old] = await tx.query<{ id: string }>(
      'SELECT application_id::text AS id FROM bookings WHERE provider = $1 AND provider_booking_id = $2 AND application_id IS NOT NULL',
      [event.provider, event.replaces],
    )
    if (old) return Number(old.id)
  }
  if (event.email !== undefined) {
    const [lead] = await tx.query<{ id: string }>(
      `SELECT id::text FROM contact_submissions
       WHERE lower(email) = lower($1) AND NOT spam AND created_at > now() - $2::int * interval '1 day'
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [event.email, EMAIL_MATCH_DAYS],
    )
    if (lead) return Number(lead.id)
  }
  return null
}

/** Sets the booking's state for the event; resolves to whether the event is a change to record. */
async function changeState(tx: Queryable, id: number, booking: BookingRow, event: BookingEvent): Promise<boolean> {
  switch (event.change) {
    case 'created':
      return true
    case 'canceled':
      // Already canceled (its reschedule arrived first): what the cancel adds is kept, and no second line.
      await tx.query(
        `UPDATE bookings SET state = 'canceled', canceled_at = coalesce(canceled_at, $2::timestamptz),
           cancel_reason = coalesce($3, cancel_reason), replaced_by = coalesce(replaced_by, $4) WHERE id = $1`,
        [id, event.occurredAt, event.cancelReason ?? null, event.replacedBy ?? null],
      )
      return booking.state !== 'canceled'
    case 'no_show':
    case 'no_show_removed': {
      const last = booking.no_show_changed_at === null ? undefined : Date.parse(booking.no_show_changed_at)
      if (last !== undefined && Date.parse(event.occurredAt) < last) return false
      const marked = event.change === 'no_show'
      // A mark of a booking already marked (Cal Video's check, then the host's own switch) is no news.
      const [before] = await tx.query<{ marked: boolean }>(
        `UPDATE bookings b SET no_show_changed_at = $2,
           no_show_at = CASE WHEN NOT $3 THEN NULL WHEN old.no_show_at IS NOT NULL THEN old.no_show_at ELSE $2::timestamptz END,
           state = CASE WHEN b.state = 'canceled' THEN b.state WHEN $3 THEN 'no_show' ELSE 'scheduled' END
         FROM (SELECT no_show_at FROM bookings WHERE id = $1) old
         WHERE b.id = $1 RETURNING old.no_show_at IS NOT NULL AS marked`,
        [id, event.occurredAt, marked],
      )
      return before?.marked !== marked
    }
    case 'requested':
      return false
  }
}
