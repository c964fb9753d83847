import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { PAUSE_AFTER_FAILURES, registerTargets, takeDue } from './outbox.ts'

const temp = useTempDatabase()

/** A channel of its own with `count` deliveries due and unclaimed. */
async function dueFor(count: number) {
  const target = `webhook:${randomUUID()}`
  await registerTargets(temp.db, [{ target, label: 'https://receiver.example' }])
  const leads: number[] = []
  for (let n = 0; n < count; n++) leads.push(await insertApplication(temp.db))
  const { outboxRows, claimed } = await takeDue(temp.db, {
    lanes: [{ target, room: 0, busy: 0, takes: ['application'] }],
    outboxLimit: 10_000,
    leaseSeconds: 120,
  })
  expect({ outboxRows, claimed }).toEqual({ outboxRows: count, claimed: [] })
  return { target, leads }
}

const take = (target: string, room: number, busy = 0) =>
  takeDue(temp.db, { lanes: [{ target, room, busy, takes: ['application'] }], outboxLimit: 10_000, leaseSeconds: 120 })

describe(`taking due deliveries on ${DATABASE_TARGET}`, () => {
  it('claims up to each lane’s room in one statement, oldest first, with the lead each is about', async () => {
    const { target, leads } = await dueFor(5)
    // The last two have waited longest (retries come due in the past).
    const oldest = leads.slice(3)
    await temp.db.query(
      `UPDATE lead_deliveries SET next_attempt_at = now() - interval '1 minute' WHERE application_id = ANY($1::bigint[])`,
      [oldest],
    )
    const first = await take(target, 3)
    expect(first.claimed).toHaveLength(3)
    expect(first.claimed.slice(0, 2).map((delivery) => delivery.applicationId)).toEqual(oldest)
    expect(first.rooms.get(target)).toBe(3)
    const [lead] = await temp.db.query<{ submission_id: string }>(
      'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
      [oldest[0]],
    )
    expect(first.claimed[0]).toMatchObject({
      attempts: 1,
      lead: {
        id: oldest[0],
        submission_id: lead?.submission_id,
        answers: expect.objectContaining({ name: expect.any(String) }),
      },
    })
    const rest = await take(target, 3)
    expect(rest.claimed).toHaveLength(2)
    expect(new Set([...first.claimed, ...rest.claimed].map((delivery) => delivery.applicationId))).toEqual(
      new Set(leads),
    )
  })

  it('gives a channel that failed often enough to be paused one attempt at a time, until it delivers again', async () => {
    const { target } = await dueFor(4)
    await temp.db.query('UPDATE lead_delivery_targets SET failures = $2 WHERE target = $1', [
      target,
      PAUSE_AFTER_FAILURES,
    ])
    // One of its sends is still in flight: nothing more, until that one is recorded.
    const waiting = await take(target, 31, 1)
    expect(waiting.claimed).toHaveLength(0)
    expect(waiting.rooms.get(target)).toBe(0)
    const probe = await take(target, 32)
    expect(probe.claimed).toHaveLength(1)
    expect(probe.rooms.get(target)).toBe(1)
    await temp.db.query('UPDATE lead_delivery_targets SET failures = 0 WHERE target = $1', [target])
    expect((await take(target, 31, 1)).claimed).toHaveLength(3)
  })

  it('claims nothing for a paused or disabled channel, and still turns the outbox into its deliveries', async () => {
    const paused = `webhook:${randomUUID()}`
    const disabled = `webhook:${randomUUID()}`
    await registerTargets(temp.db, [
      { target: paused, label: 'https://paused.example' },
      { target: disabled, label: 'https://disabled.example' },
    ])
    await temp.db.query(`UPDATE lead_delivery_targets SET paused_until = now() + interval '1 hour' WHERE target = $1`, [
      paused,
    ])
    await temp.db.query(`UPDATE lead_delivery_targets SET disabled_at = now() WHERE target = $1`, [disabled])
    const lead = await insertApplication(temp.db)
    const taken = await takeDue(temp.db, {
      lanes: [
        { target: paused, room: 8, busy: 0, takes: ['application'] },
        { target: disabled, room: 8, busy: 0, takes: ['application'] },
      ],
      outboxLimit: 10_000,
      leaseSeconds: 120,
    })
    expect(taken).toMatchObject({ outboxRows: 1, claimed: [] })
    expect(taken.rooms.size).toBe(0)
    const deliveries = await temp.db.query<{ target: string; state: string; claimed: boolean }>(
      'SELECT target, state, claim IS NOT NULL AS claimed FROM lead_deliveries WHERE application_id = $1 ORDER BY target',
      [lead],
    )
    expect(deliveries).toEqual(
      [paused, disabled].sort().map((target) => ({ target, state: 'pending', claimed: false })),
    )
  })
})
