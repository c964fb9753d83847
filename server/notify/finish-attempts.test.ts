import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/database.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { finishAttempts, type Finished, type Outcome } from './finish-attempts.ts'
import { PAUSE_AFTER_FAILURES, registerTargets, takeDue, type ClaimedDelivery } from './outbox.ts'

const temp = useTempDatabase()

const MAX_ATTEMPTS = 10
const attempt = (status: number | undefined) => ({
  startedAt: new Date(),
  durationMs: 5,
  status,
  error: status === 200 ? undefined : 'refused',
})
const retry = (delayMs: number): Outcome => ({
  kind: 'retry',
  delayMs,
  retryAfter: false,
  pauseMs: (step) => step * 60_000,
})

/** A channel of its own, and `count` deliveries to it claimed for `leaseSeconds`. */
async function claimedFor(count: number, leaseSeconds = 120) {
  const target = `webhook:${randomUUID()}`
  await registerTargets(temp.db, [{ target, label: 'https://receiver.example' }])
  for (let n = 0; n < count; n++) await insertApplication(temp.db)
  const { claimed } = await takeDue(temp.db, {
    lanes: [{ target, room: count, busy: 0, takes: ['application'] }],
    outboxLimit: 10_000,
    leaseSeconds,
  })
  expect(claimed).toHaveLength(count)
  return { target, claimed }
}

const deliveryRow = (id: number) =>
  temp.db
    .query<{ state: string; attempts: number; claimed: boolean; due: boolean }>(
      'SELECT state, attempts, claim IS NOT NULL AS claimed, next_attempt_at <= now() AS due FROM lead_deliveries WHERE id = $1',
      [id],
    )
    .then((rows) => rows[0])

const targetRow = (target: string) =>
  temp.db
    .query<{ failures: number; paused: boolean; disabled: boolean }>(
      `SELECT failures, coalesce(paused_until > now(), false) AS paused, disabled_at IS NOT NULL AS disabled
       FROM lead_delivery_targets WHERE target = $1`,
      [target],
    )
    .then((rows) => rows[0])

const attemptCount = async (id: number) =>
  (
    await temp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_delivery_attempts WHERE delivery_id = $1', [
      id,
    ])
  )[0]?.n

describe(`recording attempts in batches on ${DATABASE_TARGET}`, () => {
  it('keeps a late answer from an expired claim from overwriting the newer claim, and records it', async () => {
    // A lease of 0 s: the claim has expired as soon as it is made, as if its server had died.
    const { target, claimed } = await claimedFor(1, 0)
    const [stale] = claimed as [ClaimedDelivery]
    const {
      claimed: [fresh],
    } = await takeDue(temp.db, {
      lanes: [{ target, room: 1, busy: 0, takes: ['application'] }],
      outboxLimit: 0,
      leaseSeconds: 120,
    })
    expect(fresh?.id).toBe(stale.id)
    expect(fresh?.claim).not.toBe(stale.claim)

    expect(
      await finishAttempts(
        temp.db,
        [{ delivery: stale, attempt: attempt(200), outcome: { kind: 'delivered' } }],
        MAX_ATTEMPTS,
      ),
    ).toEqual([undefined])
    // The lost attempt never ran to the end: the newer claim is still the first attempt.
    expect(await deliveryRow(stale.id)).toEqual({ state: 'pending', attempts: 1, claimed: true, due: false })
    expect(await attemptCount(stale.id)).toBe(1)

    expect(
      await finishAttempts(
        temp.db,
        [{ delivery: fresh as ClaimedDelivery, attempt: attempt(200), outcome: { kind: 'delivered' } }],
        MAX_ATTEMPTS,
      ),
    ).toEqual(['delivered'])
    expect(await deliveryRow(stale.id)).toMatchObject({ state: 'delivered', claimed: false })
    expect(await attemptCount(stale.id)).toBe(2)
  })

  it('records a batch of deliveries in one statement, with no transaction of its own', async () => {
    const { claimed } = await claimedFor(20)
    const statements: string[] = []
    const counted: Database = {
      ...temp.db,
      query: (sql, params, options) => {
        statements.push(sql)
        return temp.db.query(sql, params, options)
      },
      transaction: (fn) => {
        statements.push('transaction')
        return temp.db.transaction(fn)
      },
    }
    const batch: Finished[] = claimed.map((delivery) => ({
      delivery,
      attempt: attempt(200),
      outcome: { kind: 'delivered' },
    }))
    expect(await finishAttempts(counted, batch, MAX_ATTEMPTS)).toEqual(claimed.map(() => 'delivered'))
    expect(statements).toHaveLength(1)
    for (const delivery of claimed) expect(await attemptCount(delivery.id)).toBe(1)
  })

  it('applies each outcome of a mixed batch to its channel as if recorded one by one', async () => {
    const recovering = await claimedFor(1)
    const failing = await claimedFor(PAUSE_AFTER_FAILURES + 1)
    const gone = await claimedFor(1)
    const failed = await claimedFor(1)
    // The recovering channel failed before and has a delivery waiting an hour for its retry.
    await temp.db.query(`UPDATE lead_delivery_targets SET failures = $2 WHERE target = $1`, [
      recovering.target,
      PAUSE_AFTER_FAILURES,
    ])
    await insertApplication(temp.db)
    const {
      claimed: [waiting],
    } = await takeDue(temp.db, {
      lanes: [{ target: recovering.target, room: 1, busy: 0, takes: ['application'] }],
      outboxLimit: 10_000,
      leaseSeconds: 120,
    })
    await temp.db.query(
      `UPDATE lead_deliveries SET claim = NULL, next_attempt_at = now() + interval '1 hour' WHERE id = $1`,
      [waiting?.id],
    )

    const batch: Finished[] = [
      ...failing.claimed.map((delivery) => ({ delivery, attempt: attempt(503), outcome: retry(100) })),
      { delivery: recovering.claimed[0] as ClaimedDelivery, attempt: attempt(200), outcome: { kind: 'delivered' } },
      {
        delivery: gone.claimed[0] as ClaimedDelivery,
        attempt: attempt(410),
        outcome: { kind: 'gone', note: '410 Gone' },
      },
      { delivery: failed.claimed[0] as ClaimedDelivery, attempt: attempt(400), outcome: { kind: 'failed' } },
    ]
    expect(await finishAttempts(temp.db, batch, MAX_ATTEMPTS)).toEqual([
      ...failing.claimed.map(() => 'pending'),
      'delivered',
      'pending',
      'failed',
    ])

    // Claimed together, the failures counted up to the pause, which stopped the last one counting: one step.
    expect(await targetRow(failing.target)).toEqual({ failures: PAUSE_AFTER_FAILURES, paused: true, disabled: false })
    for (const delivery of failing.claimed)
      expect(await deliveryRow(delivery.id)).toMatchObject({ state: 'pending', attempts: 1, claimed: false })
    // A delivery ends a channel's failures, and what waited for it is due at once.
    expect(await targetRow(recovering.target)).toEqual({ failures: 0, paused: false, disabled: false })
    expect(await deliveryRow(waiting?.id as number)).toMatchObject({ state: 'pending', due: true })
    expect(await targetRow(gone.target)).toEqual({ failures: 0, paused: false, disabled: true })
    expect(await targetRow(failed.target)).toEqual({ failures: 0, paused: false, disabled: false })
    for (const { delivery } of batch) expect(await attemptCount(delivery.id)).toBe(1)
  })

  it('turns a retry of the last attempt into a failure', async () => {
    const { target, claimed } = await claimedFor(1)
    const [delivery] = claimed as [ClaimedDelivery]
    expect(await finishAttempts(temp.db, [{ delivery, attempt: attempt(503), outcome: retry(100) }], 1)).toEqual([
      'failed',
    ])
    expect(await deliveryRow(delivery.id)).toMatchObject({ state: 'failed', attempts: 1 })
    expect(await targetRow(target)).toMatchObject({ failures: 1, paused: false })
  })
})
