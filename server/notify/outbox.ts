import type { BookingDeliveryEvent, DeliveryEvent, OutcomeDeliveryEvent } from '../../common/booking-api.ts'
import type { Queryable, Row } from '../db/database.ts'
import {
  asDate,
  bookingNotice,
  leadData,
  outcomeNotice,
  type BookingNotice,
  type LeadData,
  type OutcomeNotice,
} from './notices.ts'

/** A channel a delivery goes to, as the database knows it: never its secrets. */
export interface TargetRow {
  target: string
  label: string
}

/** The outbox's kinds of rows, by the first part of the event: which a channel takes is its own (Channel.takes). */
export type OutboxFamily = 'application' | 'booking' | 'lead'

/** A delivery this server has claimed: nobody else sends it until `claim` is finished or expires. */
export interface ClaimedDelivery {
  id: number
  applicationId: number
  event: DeliveryEvent
  /** Undefined for a booking event that is gone (erased since it was queued), and for other events. */
  booking: BookingNotice | undefined
  bookingEventId: number | null
  /** Undefined for an outcome that is gone (erased since it was queued), and for other events. */
  outcome: OutcomeNotice | undefined
  outcomeId: number | null
  target: string
  messageId: string
  /** This one included. */
  attempts: number
  claim: string
  /** The database's time of the claim: a pause that began after it was not this attempt's doing. */
  claimedAt: Date
  /** Undefined when the application is gone (erased since it was queued). */
  lead: LeadData | undefined
}

/** How many more deliveries of one channel this server can take now, beside the `busy` it is sending. */
export interface Lane {
  target: string
  room: number
  busy: number
  /** Which outbox rows become deliveries of this channel. */
  takes: readonly OutboxFamily[]
}

export interface Taken {
  /** Outbox rows turned into deliveries: as many as asked means more may wait. */
  outboxRows: number
  /**
   * The room each lane had once a failing channel's one attempt at a time is
   * counted: claiming as many means more may be due. A disabled or paused
   * channel is not there: nothing is due for it until a poll finds the pause over.
   */
  rooms: Map<string, number>
  claimed: ClaimedDelivery[]
}

/** Failures in a row, with no delivery between, after which a channel is paused as a whole. */
export const PAUSE_AFTER_FAILURES = 3

/** Makes sure the channels this server sends to have their row; a disabled one stays disabled. */
export async function registerTargets(db: Queryable, targets: readonly TargetRow[]) {
  if (targets.length === 0) return
  await db.query(
    `INSERT INTO lead_delivery_targets (target, label)
     SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (target) DO UPDATE SET label = excluded.label`,
    [targets.map((t) => t.target), targets.map((t) => t.label)],
  )
}

/**
 * Takes back every claim an earlier process left, as if its attempt had not
 * started: the delivery is due now and that attempt does not count. Only for a
 * database no other process can hold claims in (Database.exclusive).
 */
export async function releaseClaims(db: Queryable): Promise<number> {
  const rows = await db.query(
    `UPDATE lead_deliveries SET claim = NULL, attempts = greatest(attempts - 1, 0), next_attempt_at = now()
     WHERE state = 'pending' AND claim IS NOT NULL RETURNING 1`,
  )
  return rows.length
}

// One statement, so on the embedded database a look is one more statement in a
// group commit rather than several commits of its own. It turns up to $3 outbox
// rows into one delivery per channel of this server that takes their kind ($7:
// a new lead, a booking event), so a row is either still in the outbox or has
// its deliveries; with no channels the rows just go. Then it
// claims up to each lane's room: due deliveries first, oldest first, then the
// new ones, claimed as they are created since a statement cannot see its own
// inserts. The outbox rows are picked once (ARRAY(...) runs once): as IN (...)
// the planner, expecting one row, re-ran the pick for each row it deleted.
// A channel disabled or paused claims nothing. SKIP LOCKED gives each
// outbox row and each delivery to one server. A claim sets next_attempt_at past
// the longest attempt ($4 s): a server that dies mid-send leaves it due again.
// A claim still set is one whose server died mid-send: that attempt never ran
// to the end, so it does not count. A channel that has failed often enough to
// be paused gets one attempt at a time ($6: this server's sends in flight)
// until one is delivered: a receiver that is down is asked once per pause,
// not once per waiting lead.
const TAKE_DUE = `
  WITH lanes AS (
    SELECT l.target, greatest(0, CASE WHEN t.failures >= $5 THEN least(l.room, 1 - l.busy) ELSE l.room END) AS room
    FROM unnest($1::text[], $2::int[], $6::int[]) AS l(target, room, busy)
    JOIN lead_delivery_targets t ON t.target = l.target
    WHERE t.disabled_at IS NULL AND (t.paused_until IS NULL OR t.paused_until <= now())
  ), due AS (
    UPDATE lead_deliveries d SET claim = gen_random_uuid(), attempts = d.attempts + CASE WHEN d.claim IS NULL THEN 1 ELSE 0 END,
      next_attempt_at = now() + make_interval(secs => $4::int)
    FROM (
      SELECT picked.id FROM lanes CROSS JOIN LATERAL (
        SELECT id FROM lead_deliveries
        WHERE target = lanes.target AND state = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT lanes.room FOR UPDATE SKIP LOCKED) picked
    ) p
    WHERE d.id = p.id
    RETURNING d.id, d.application_id, d.event, d.booking_event_id, d.outcome_id, d.target, d.message_id, d.attempts, d.claim
  ), room_left AS (
    SELECT lanes.target, lanes.room - (SELECT count(*) FROM due WHERE due.target = lanes.target) AS room FROM lanes
  ), taken AS (
    DELETE FROM lead_outbox WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM lead_outbox ORDER BY application_id, booking_event_id, outcome_id LIMIT $3 FOR UPDATE SKIP LOCKED))
    RETURNING application_id, booking_event_id, outcome_id
  ), events AS (
    SELECT taken.application_id, taken.booking_event_id, taken.outcome_id, CASE
      WHEN taken.outcome_id IS NOT NULL THEN (SELECT 'lead.' || o.outcome FROM lead_outcomes o WHERE o.id = taken.outcome_id)
      WHEN taken.booking_event_id IS NULL THEN 'application.created'
      ELSE (SELECT 'booking.' || e.kind FROM booking_events e WHERE e.id = taken.booking_event_id) END AS event
    FROM taken
  ), fresh AS (
    SELECT events.application_id, events.booking_event_id, events.outcome_id, events.event, l.target,
      row_number() OVER (PARTITION BY l.target
        ORDER BY events.application_id, events.booking_event_id NULLS FIRST, events.outcome_id NULLS FIRST) <= coalesce(r.room, 0) AS claims
    FROM events CROSS JOIN unnest($1::text[], $7::text[]) AS l(target, takes) LEFT JOIN room_left r ON r.target = l.target
    WHERE split_part(events.event, '.', 1) = ANY(string_to_array(l.takes, ','))
  ), created AS (
    INSERT INTO lead_deliveries (application_id, event, booking_event_id, outcome_id, target, claim, attempts, next_attempt_at)
    SELECT application_id, event, booking_event_id, outcome_id, target, CASE WHEN claims THEN gen_random_uuid() END, CASE WHEN claims THEN 1 ELSE 0 END,
      now() + CASE WHEN claims THEN make_interval(secs => $4::int) ELSE interval '0' END
    FROM fresh
    ON CONFLICT (application_id, event, booking_event_id, outcome_id, target) DO NOTHING
    RETURNING id, application_id, event, booking_event_id, outcome_id, target, message_id, attempts, claim
  ), claimed AS (
    SELECT * FROM due UNION ALL SELECT * FROM created WHERE claim IS NOT NULL
  )
  SELECT (SELECT count(*) FROM taken)::int AS outbox_rows, (SELECT jsonb_object_agg(target, room) FROM lanes) AS rooms, now() AS claimed_at, k.*,
    (SELECT to_jsonb(c) FROM contact_submissions c WHERE c.id = k.application_id) AS lead,
    (SELECT jsonb_build_object('occurred_at', e.occurred_at, 'provider', b.provider, 'booking_id', b.provider_booking_id,
        'starts_at', b.starts_at, 'ends_at', b.ends_at, 'cancel_reason', b.cancel_reason, 'replaces', b.replaces)
      FROM booking_events e JOIN bookings b ON b.id = e.booking_id WHERE e.id = k.booking_event_id) AS booking,
    (SELECT jsonb_build_object('at', o.at, 'amount_minor', o.amount_minor::text, 'currency', o.currency,
        'lost_reason', o.lost_reason, 'note', o.note, 'author', o.author)
      FROM lead_outcomes o WHERE o.id = k.outcome_id) AS outcome
  FROM (SELECT 1) AS one LEFT JOIN claimed k ON true`

/**
 * Takes what is waiting, in one statement: up to `outboxLimit` outbox rows
 * become deliveries, and up to each lane's room of due deliveries are claimed
 * for `leaseSeconds`, with the lead each is about. The lead is read as a whole
 * row (to_jsonb), which works on a schema without the attribution column yet
 * and is cheaper to plan than a join.
 */
export async function takeDue(
  db: Queryable,
  { lanes, outboxLimit, leaseSeconds }: { lanes: readonly Lane[]; outboxLimit: number; leaseSeconds: number },
): Promise<Taken> {
  const rows = await db.query(
    TAKE_DUE,
    [
      lanes.map((lane) => lane.target),
      lanes.map((lane) => lane.room),
      outboxLimit,
      leaseSeconds,
      PAUSE_AFTER_FAILURES,
      lanes.map((lane) => lane.busy),
      lanes.map((lane) => lane.takes.join(',')),
    ],
    { prepare: true },
  )
  const claimed = rows.filter((row) => row.id !== null && row.id !== undefined).map(claimedDelivery)
  const rooms = new Map(Object.entries((rows[0]?.rooms ?? {}) as Record<string, number>))
  return { outboxRows: Number(rows[0]?.outbox_rows ?? 0), rooms, claimed }
}

function claimedDelivery(row: Row): ClaimedDelivery {
  return {
    id: Number(row.id),
    applicationId: Number(row.application_id),
    event: row.event as DeliveryEvent,
    bookingEventId: row.booking_event_id === null ? null : Number(row.booking_event_id),
    outcomeId: row.outcome_id === null || row.outcome_id === undefined ? null : Number(row.outcome_id),
    outcome:
      row.outcome === null || row.outcome === undefined
        ? undefined
        : outcomeNotice(row.event as OutcomeDeliveryEvent, row.outcome as Row),
    booking:
      row.booking === null || row.booking === undefined
        ? undefined
        : bookingNotice(row.event as BookingDeliveryEvent, row.booking as Row),
    target: String(row.target),
    messageId: String(row.message_id),
    attempts: Number(row.attempts),
    claim: String(row.claim),
    claimedAt: asDate(row.claimed_at),
    lead: row.lead === null || row.lead === undefined ? undefined : leadData(row.lead as Row),
  }
}
