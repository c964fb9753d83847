import { CONTACT_FIELDS } from '../../common/application-form.ts'
import type { Database, Queryable } from '../db/database.ts'

/** A channel a delivery goes to, as the database knows it: never its secrets. */
export interface TargetRow {
  target: string
  label: string
}

/** A delivery this server has claimed: nobody else sends it until `claim` is finished or expires. */
export interface ClaimedDelivery {
  id: number
  applicationId: number
  target: string
  messageId: string
  /** This one included. */
  attempts: number
  claim: string
  /** The database's time of the claim: a pause that began after it was not this attempt's doing. */
  claimedAt: Date
}

/** What is sent about a lead, read from its row when it is sent. */
export interface LeadData {
  id: number
  submission_id: string
  created_at: string
  answers: Record<string, string>
  /** The application's attribution column, null where there is none (or no column yet). */
  attribution: unknown
}

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
 * Turns up to `limit` outbox rows into one delivery per channel of this
 * server, in one statement, so a row is either still in the outbox or has its
 * deliveries. With no channels the rows just go: nothing is queued. Several
 * servers may run it at once; SKIP LOCKED gives each row to one of them.
 */
export async function expandOutbox(db: Queryable, targets: readonly string[], limit: number): Promise<number> {
  const [row] = await db.query<{ taken: number }>(
    `WITH taken AS (
       DELETE FROM lead_outbox WHERE application_id IN (
         SELECT application_id FROM lead_outbox ORDER BY application_id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING application_id
     ), created AS (
       INSERT INTO lead_deliveries (application_id, target)
       SELECT taken.application_id, t.target FROM taken CROSS JOIN unnest($1::text[]) AS t(target)
       ON CONFLICT (application_id, target) DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM taken)::int AS taken, (SELECT count(*) FROM created)::int AS created`,
    [[...targets], limit],
  )
  return row?.taken ?? 0
}

/**
 * Claims up to `limit` due deliveries of one channel, unless that channel is
 * disabled or paused. The claim lasts `leaseSeconds`, longer than any attempt
 * takes: a server that dies mid-send leaves the delivery due again after it.
 */
export async function claimDue(db: Queryable, target: string, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  const rows = await db.query<{
    id: number
    application_id: number
    target: string
    message_id: string
    attempts: number
    claim: string
    claimed_at: Date | string
  }>(
    // A claim still set is one whose server died mid-send: that attempt never
    // ran to the end, so it does not count, and the next failure is retried
    // in 5 s rather than at the schedule's second step.
    `UPDATE lead_deliveries SET claim = gen_random_uuid(), attempts = attempts + CASE WHEN claim IS NULL THEN 1 ELSE 0 END,
       next_attempt_at = now() + make_interval(secs => $3::int)
     WHERE id IN (
       SELECT d.id FROM lead_deliveries d
       JOIN lead_delivery_targets t ON t.target = d.target
       WHERE d.target = $1 AND d.state = 'pending' AND d.next_attempt_at <= now()
         AND t.disabled_at IS NULL AND (t.paused_until IS NULL OR t.paused_until <= now())
       ORDER BY d.next_attempt_at, d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED)
     RETURNING id, application_id, target, message_id, attempts, claim, now() AS claimed_at`,
    [target, limit, leaseSeconds],
  )
  return rows.map((row) => ({
    id: Number(row.id),
    applicationId: Number(row.application_id),
    target: row.target,
    messageId: row.message_id,
    attempts: row.attempts,
    claim: row.claim,
    claimedAt: row.claimed_at instanceof Date ? row.claimed_at : new Date(row.claimed_at),
  }))
}

/**
 * The leads behind `applicationIds`, by id. The attribution column is read
 * through to_jsonb so this works on a schema that does not have it yet.
 */
export async function readLeads(db: Queryable, applicationIds: readonly number[]): Promise<Map<number, LeadData>> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT c.id, c.submission_id::text AS submission_id, c.created_at, ${CONTACT_FIELDS.map((field) => `c.${field}`).join(', ')},
       to_jsonb(c) -> 'attribution' AS attribution
     FROM contact_submissions c WHERE c.id = ANY($1::bigint[])`,
    [[...applicationIds]],
  )
  return new Map(
    rows.map((row) => {
      const createdAt = row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at))
      const lead: LeadData = {
        id: Number(row.id),
        submission_id: String(row.submission_id),
        created_at: createdAt.toISOString(),
        answers: Object.fromEntries(CONTACT_FIELDS.map((field) => [field, String(row[field] ?? '')])),
        attribution: row.attribution ?? null,
      }
      return [lead.id, lead]
    }),
  )
}

/** Failures in a row, with no delivery between, after which a channel is paused as a whole. */
export const PAUSE_AFTER_FAILURES = 3

export type Outcome =
  | { kind: 'delivered' }
  /**
   * Worth trying again after `delayMs`. After PAUSE_AFTER_FAILURES in a row the
   * channel pauses, for `pauseMs(1)`, then `pauseMs(2)`, … as they go on; when
   * the receiver said when to come back (`retryAfter`), for `delayMs` at once.
   */
  | { kind: 'retry'; delayMs: number; retryAfter: boolean; pauseMs: (step: number) => number }
  /** Never worth trying again (refused, redirected, or no lead to send). */
  | { kind: 'failed' }
  /** The receiver is gone for good (410): the channel is disabled. */
  | { kind: 'gone'; note: string }
  /** Not attempted to the end (the server is closing): due again at once. */
  | { kind: 'released' }

export interface Attempt {
  startedAt: Date
  durationMs: number
  status: number | undefined
  error: string | undefined
}

/**
 * Records an attempt and its outcome. `maxAttempts` turns a retry of the last
 * attempt into a failure. A claim that has expired (another server took the
 * delivery since) records the attempt and changes nothing else. Resolves to
 * the delivery's state, or undefined when the claim had expired.
 */
export async function finishAttempt(
  db: Database,
  delivery: ClaimedDelivery,
  attempt: Attempt,
  outcome: Outcome,
  maxAttempts: number,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO lead_delivery_attempts (delivery_id, started_at, duration_ms, status, error)
       SELECT id, $2, $3, $4, $5 FROM lead_deliveries WHERE id = $1`,
      [delivery.id, attempt.startedAt, Math.round(attempt.durationMs), attempt.status ?? null, attempt.error?.slice(0, 1000) ?? null],
    )
    const giveUp = outcome.kind === 'failed' || (outcome.kind === 'retry' && delivery.attempts >= maxAttempts)
    const state = outcome.kind === 'delivered' ? 'delivered' : giveUp ? 'failed' : 'pending'
    const delaySeconds = outcome.kind === 'retry' ? outcome.delayMs / 1000 : 0
    // A released attempt did not run to the end: it does not count.
    const uncount = outcome.kind === 'released' ? 1 : 0
    const [row] = await tx.query<{ state: string }>(
      `UPDATE lead_deliveries SET state = $3, claim = NULL, attempts = attempts - $5,
         next_attempt_at = now() + make_interval(secs => $4::double precision),
         finished_at = CASE WHEN $3 = 'pending' THEN NULL ELSE now() END
       WHERE id = $1 AND claim = $2
       RETURNING state`,
      [delivery.id, delivery.claim, state, delaySeconds, uncount],
    )
    if (row === undefined) return undefined
    if (outcome.kind === 'delivered') {
      const [target] = await tx.query<{ failures: number }>('SELECT failures FROM lead_delivery_targets WHERE target = $1 FOR UPDATE', [
        delivery.target,
      ])
      await tx.query('UPDATE lead_delivery_targets SET failures = 0, paused_until = NULL, delivered_at = now() WHERE target = $1', [
        delivery.target,
      ])
      // A receiver back from an outage gets what waited for it now, not at each delivery's next retry.
      if ((target?.failures ?? 0) >= PAUSE_AFTER_FAILURES) {
        await tx.query(
          `UPDATE lead_deliveries SET next_attempt_at = now()
           WHERE target = $1 AND state = 'pending' AND claim IS NULL AND next_attempt_at > now()`,
          [delivery.target],
        )
      }
    } else if (outcome.kind === 'retry') {
      // A failure counts towards the pause only if nothing has happened at the
      // receiver since its attempt was claimed: no delivery (it is answering
      // others) and no pause begun (a sibling in flight with it already
      // counted). So four attempts failing together are one step, and a
      // receiver refusing some requests is never paused for it.
      const [target] = await tx.query<{ failures: number; counts: boolean }>(
        `SELECT failures,
           (paused_until IS NULL OR paused_until <= $2) AND (delivered_at IS NULL OR delivered_at < $2) AS counts
         FROM lead_delivery_targets WHERE target = $1 FOR UPDATE`,
        [delivery.target, delivery.claimedAt],
      )
      const failures = (target?.failures ?? 0) + (target?.counts === false ? 0 : 1)
      const step = failures - PAUSE_AFTER_FAILURES + 1
      // A Retry-After speaks for the receiver as a whole: it is obeyed at once.
      const pauseMs = outcome.retryAfter ? outcome.delayMs : step >= 1 ? outcome.pauseMs(step) : 0
      await tx.query(
        `UPDATE lead_delivery_targets SET failures = $2,
           paused_until = CASE WHEN $3::double precision > 0
             THEN greatest(paused_until, now() + make_interval(secs => $3::double precision)) ELSE paused_until END
         WHERE target = $1`,
        [delivery.target, failures, pauseMs / 1000],
      )
    } else if (outcome.kind === 'gone') {
      await tx.query(
        `UPDATE lead_delivery_targets SET disabled_at = now(), disabled_note = $2 WHERE target = $1 AND disabled_at IS NULL`,
        [delivery.target, outcome.note.slice(0, 300)],
      )
    }
    return row.state
  })
}
