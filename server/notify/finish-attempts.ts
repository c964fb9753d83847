import type { Database, Queryable } from '../db/database.ts'
import { PAUSE_AFTER_FAILURES, type ClaimedDelivery } from './outbox.ts'

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

/** One attempt to record, with what it means for its delivery. */
export interface Finished {
  delivery: ClaimedDelivery
  attempt: Attempt
  outcome: Outcome
}

// Records every attempt (even one whose claim has expired), settles each
// delivery still held by its claim, and ends the failures of each channel that
// took one. A channel that was failing gets what waited for it now, not at each
// delivery's next retry. Each server settles only deliveries it holds, and locks
// channels in name order, so servers recording at once cannot deadlock.
const SETTLE = `
  WITH input AS (
    SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::float8[], $5::int[], $6::timestamptz[], $7::int[], $8::int[], $9::text[])
      AS i(id, claim, state, delay_s, uncount, started_at, duration_ms, status, error)
  ), settled AS (
    UPDATE lead_deliveries d SET state = i.state, claim = NULL, attempts = d.attempts - i.uncount,
      next_attempt_at = now() + make_interval(secs => i.delay_s),
      finished_at = CASE WHEN i.state = 'pending' THEN NULL ELSE now() END
    FROM input i WHERE d.id = i.id AND d.claim = i.claim
    RETURNING d.id, i.claim, d.target, d.state
  ), recorded AS (
    INSERT INTO lead_delivery_attempts (delivery_id, started_at, duration_ms, status, error)
    SELECT d.id, i.started_at, i.duration_ms, i.status, i.error FROM input i JOIN lead_deliveries d ON d.id = i.id
  ), answered AS (
    SELECT target, failures FROM lead_delivery_targets
    WHERE target IN (SELECT target FROM settled WHERE state = 'delivered') ORDER BY target FOR UPDATE
  ), healthy AS (
    UPDATE lead_delivery_targets t SET failures = 0, paused_until = NULL, delivered_at = now()
    FROM answered a WHERE t.target = a.target
  ), woken AS (
    UPDATE lead_deliveries d SET next_attempt_at = now()
    FROM answered a
    WHERE a.failures >= $10 AND d.target = a.target AND d.state = 'pending' AND d.claim IS NULL AND d.next_attempt_at > now()
  )
  SELECT id, claim::text AS claim, state FROM settled`

/**
 * Records attempts and their outcomes, many in one go. `maxAttempts` turns a
 * retry of the last attempt into a failure. An attempt whose claim has expired
 * (another server took the delivery since) is recorded and changes nothing
 * else. Resolves, in order, to each delivery's state, or undefined where the
 * claim had expired.
 *
 * When every outcome is a delivery or a plain failure, this is one statement,
 * which the embedded database commits with the submissions arriving beside it.
 * Retries and 410s change their channel one after another, in the order given,
 * in a transaction with the rest.
 */
export async function finishAttempts(
  db: Database,
  batch: readonly Finished[],
  maxAttempts: number,
): Promise<(string | undefined)[]> {
  if (batch.length === 0) return []
  const params = [
    batch.map(({ delivery }) => delivery.id),
    batch.map(({ delivery }) => delivery.claim),
    batch.map(({ delivery, outcome }) => stateAfter(outcome, delivery.attempts, maxAttempts)),
    batch.map(({ outcome }) => (outcome.kind === 'retry' ? outcome.delayMs / 1000 : 0)),
    // A released attempt did not run to the end: it does not count.
    batch.map(({ outcome }) => (outcome.kind === 'released' ? 1 : 0)),
    batch.map(({ attempt }) => attempt.startedAt.toISOString()),
    batch.map(({ attempt }) => Math.round(attempt.durationMs)),
    batch.map(({ attempt }) => attempt.status ?? null),
    batch.map(({ attempt }) => attempt.error?.slice(0, 1000) ?? null),
    PAUSE_AFTER_FAILURES,
  ]
  const statesOf = (rows: { id: number; claim: string; state: string }[]) => {
    const byClaim = new Map(rows.map((row) => [`${Number(row.id)}:${row.claim}`, row.state]))
    return batch.map(({ delivery }) => byClaim.get(`${delivery.id}:${delivery.claim}`))
  }
  const unhealthy = batch.some(({ outcome }) => outcome.kind === 'retry' || outcome.kind === 'gone')
  if (!unhealthy) return statesOf(await db.query(SETTLE, params, { prepare: true }))
  return db.transaction(async (tx) => {
    // Every channel of the batch at once, in name order: this transaction goes
    // on to lock them in two steps, and another server's could cross it.
    await tx.query('SELECT 1 FROM lead_delivery_targets WHERE target = ANY($1::text[]) ORDER BY target FOR UPDATE', [
      [...new Set(batch.map(({ delivery }) => delivery.target))],
    ])
    const states = statesOf(await tx.query(SETTLE, params))
    await countFailures(
      tx,
      batch.filter((_, i) => states[i] !== undefined),
    )
    return states
  })
}

function stateAfter(outcome: Outcome, attempts: number, maxAttempts: number) {
  if (outcome.kind === 'delivered') return 'delivered'
  const giveUp = outcome.kind === 'failed' || (outcome.kind === 'retry' && attempts >= maxAttempts)
  return giveUp ? 'failed' : 'pending'
}

interface TargetHealth {
  failures: number
  pausedUntil: number | undefined
  deliveredAt: number | undefined
  pauseSeconds: number
  gone: string | undefined
}

/**
 * What retries and 410s do to their channels, one after another. A failure
 * counts towards the pause only if nothing has happened at the receiver since
 * its attempt was claimed: no delivery (it is answering others) and no pause
 * begun (a sibling in flight with it already counted). So attempts failing
 * together are one step, and a receiver refusing some requests is never paused
 * for it. A Retry-After speaks for the receiver as a whole: it is obeyed at once.
 */
async function countFailures(tx: Queryable, settled: readonly Finished[]) {
  const affected = settled.filter(({ outcome }) => outcome.kind === 'retry' || outcome.kind === 'gone')
  if (affected.length === 0) return
  const rows = await tx.query<{
    target: string
    failures: number
    paused_until: Date | null
    delivered_at: Date | null
    now: Date
  }>(
    `SELECT target, failures, paused_until, delivered_at, now() AS now FROM lead_delivery_targets
     WHERE target = ANY($1::text[]) ORDER BY target FOR UPDATE`,
    [[...new Set(affected.map(({ delivery }) => delivery.target))]],
  )
  const now = toMs(rows[0]?.now) ?? Date.now()
  const health = new Map<string, TargetHealth>(
    rows.map((row) => [
      row.target,
      {
        failures: row.failures,
        pausedUntil: toMs(row.paused_until),
        deliveredAt: toMs(row.delivered_at),
        pauseSeconds: 0,
        gone: undefined,
      },
    ]),
  )
  for (const { delivery, outcome } of affected) {
    const target = health.get(delivery.target)
    if (target === undefined) continue
    if (outcome.kind === 'gone') {
      target.gone ??= outcome.note.slice(0, 300)
      continue
    }
    if (outcome.kind !== 'retry') continue
    const claimedAt = delivery.claimedAt.getTime()
    const counts =
      (target.pausedUntil === undefined || target.pausedUntil <= claimedAt) &&
      (target.deliveredAt === undefined || target.deliveredAt < claimedAt)
    if (counts) target.failures++
    const step = target.failures - PAUSE_AFTER_FAILURES + 1
    const pauseMs = outcome.retryAfter ? outcome.delayMs : step >= 1 ? outcome.pauseMs(step) : 0
    if (pauseMs > 0) {
      target.pauseSeconds = Math.max(target.pauseSeconds, pauseMs / 1000)
      target.pausedUntil = Math.max(target.pausedUntil ?? 0, now + pauseMs)
    }
  }
  const targets = [...health.keys()]
  const of = (pick: (target: TargetHealth) => unknown) =>
    targets.map((target) => pick(health.get(target) as TargetHealth))
  await tx.query(
    `UPDATE lead_delivery_targets t SET failures = u.failures,
       paused_until = CASE WHEN u.pause_s > 0 THEN greatest(t.paused_until, now() + make_interval(secs => u.pause_s)) ELSE t.paused_until END,
       disabled_at = CASE WHEN u.gone IS NOT NULL AND t.disabled_at IS NULL THEN now() ELSE t.disabled_at END,
       disabled_note = CASE WHEN u.gone IS NOT NULL AND t.disabled_at IS NULL THEN u.gone ELSE t.disabled_note END
     FROM unnest($1::text[], $2::int[], $3::float8[], $4::text[]) AS u(target, failures, pause_s, gone)
     WHERE t.target = u.target`,
    [targets, of((t) => t.failures), of((t) => t.pauseSeconds), of((t) => t.gone ?? null)],
  )
}

function toMs(value: Date | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined
  return (value instanceof Date ? value : new Date(value)).getTime()
}
