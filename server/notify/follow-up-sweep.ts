import type { Database } from '../db/database.ts'
import { addressSha256, applicantAddress } from './applicant-address.ts'
import { FOLLOW_UP_LABEL, FOLLOW_UP_TARGET } from './follow-up.ts'

// Queues, in one statement, a follow-up delivery for each lead stored since the
// last sweep ($1 minutes back, and no further back than that mark) that has no
// booking (nor a booking waiting for the host's confirmation), is no spam, is still open (new or contacted: a lead the team has
// closed gets nothing), and whose address has not opted out (compared here as
// the plain address it should be; the channel checks again, on the address it
// parsed, with the address's claim: follow-up-claim.ts). The delivery's key
// (lead, event, channel) makes a second one for the same lead impossible.
// Someone who applies again is a new lead and is queued too, so the inbox
// shows why its follow-up was not sent: the address had one. Locking the mark
// makes servers sharing the database take turns; a waiting one then reads the
// mark the first moved. Applications are committed well within the minute the
// mark lags behind them, so none is passed over while still uncommitted.
const QUEUE = `
  WITH mark AS (
    SELECT swept_until FROM follow_up_sweep WHERE id = 1 FOR UPDATE
  ), upto AS (
    SELECT now() - make_interval(mins => $1::int) AS t
  ), queued AS (
    INSERT INTO lead_deliveries (application_id, event, target)
    SELECT c.id, 'follow_up', $2 FROM contact_submissions c CROSS JOIN mark CROSS JOIN upto
    JOIN lead_pipeline p ON p.application_id = c.id
    WHERE c.created_at > mark.swept_until AND c.created_at <= upto.t AND NOT c.spam
      AND p.status IN ('new', 'contacted')
      AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.application_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM booking_requests r WHERE r.application_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM follow_up_opt_outs o WHERE o.email_sha256 = encode(sha256(convert_to(lower(btrim(c.email, E' \\t\\r\\n')), 'UTF8')), 'hex'))
    ON CONFLICT DO NOTHING
    RETURNING 1
  ), moved AS (
    UPDATE follow_up_sweep SET swept_until = greatest(swept_until, (SELECT t FROM upto)) WHERE id = 1
  )
  SELECT count(*)::int AS queued FROM queued`

/**
 * Queues the follow-ups now due (FOLLOW_UP_AFTER_MINUTES after applying);
 * resolves to how many. The first sweep starts from now: turning the feature on
 * writes to nobody who applied before.
 */
export async function queueFollowUps(db: Database, afterMinutes: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO follow_up_sweep (id, swept_until) VALUES (1, now() - make_interval(mins => $1::int)) ON CONFLICT (id) DO NOTHING`,
      [afterMinutes],
    )
    await tx.query(
      'INSERT INTO lead_delivery_targets (target, label) VALUES ($1, $2) ON CONFLICT (target) DO NOTHING',
      [FOLLOW_UP_TARGET, FOLLOW_UP_LABEL],
    )
    const [row] = await tx.query<{ queued: number }>(QUEUE, [afterMinutes, FOLLOW_UP_TARGET])
    return row?.queued ?? 0
  })
}

/** How often the sweep looks: a quarter of the wait, at least every minute. */
export const followUpSweepMs = (afterMinutes: number) => Math.min(60_000, (afterMinutes * 60_000) / 4)

/**
 * Records that the applicant of `submissionId` wants no more follow-ups, by
 * their address as the follow-up was sent to it (parsed, trimmed,
 * lower-cased): 'already' if it had said so, 'gone' if the lead was erased
 * (nothing is left to send them).
 */
export async function optOut(db: Database, submissionId: string): Promise<'done' | 'already' | 'gone'> {
  const [lead] = await db.query<{ email: string }>('SELECT email FROM contact_submissions WHERE submission_id = $1', [
    submissionId,
  ])
  if (lead === undefined) return 'gone'
  // Only a sent follow-up carries the link, so the answer is an address; were it not, its plain form is kept.
  const parsed = applicantAddress(lead.email)
  const sha256 = parsed.ok ? parsed.sha256 : addressSha256(lead.email)
  const added = await db.query(
    'INSERT INTO follow_up_opt_outs (email_sha256) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1',
    [sha256],
  )
  return added.length > 0 ? 'done' : 'already'
}
