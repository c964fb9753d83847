import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Queryable } from '../db/database.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { registerPlatforms, tokenFingerprint } from './platforms.ts'

const temp = useTempDatabase()
const ALL = [
  { platform: 'meta', fingerprint: tokenFingerprint('meta-token') },
  { platform: 'google', fingerprint: tokenFingerprint('google-token') },
  { platform: 'tiktok', fingerprint: tokenFingerprint('tiktok-token') },
] as const

beforeAll(async () => {
  await registerPlatforms(temp.db, ALL)
})

interface RowSeen {
  platform: string
  stage: string
  kind: string
  state: string
  amount_minor: string | null
  next_attempt_at: Date
}

const rowsOf = (lead: number, db: Queryable = temp.db) =>
  db.query<RowSeen & Record<string, unknown>>(
    `SELECT platform, stage, kind, state, amount_minor::text AS amount_minor, next_attempt_at
     FROM lead_conversions WHERE application_id = $1 ORDER BY stage, platform, kind, revision`,
    [lead],
  )
const keys = async (lead: number) => (await rowsOf(lead)).map((row) => `${row.platform}:${row.stage}:${row.kind}`)

const book = (db: Queryable, lead: number | null, id = randomUUID()) =>
  db.query<{ id: number }>(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at)
     VALUES ('calendly', $1, $2, now() + interval '1 day') RETURNING id`,
    [id, lead],
  )
const outcome = (db: Queryable, lead: number, kind: string, amountMinor?: number) =>
  db.query(
    `INSERT INTO lead_outcomes (application_id, outcome, amount_minor, currency, lost_reason, author)
     VALUES ($1, $2, $3, $4, $5, 'owner@example.com')`,
    [lead, kind, amountMinor ?? null, amountMinor === undefined ? null : 'EUR', kind === 'lost' ? 'Price' : null],
  )
const markSent = (lead: number, stage: string, platform = 'google') =>
  temp.db.query(
    `UPDATE lead_conversions SET state = 'sent', trace_id = 't' WHERE application_id = $1 AND stage = $2 AND platform = $3 AND kind = 'conversion'`,
    [lead, stage, platform],
  )

describe(`conversion rows, written with the change (ADR 048) on ${DATABASE_TARGET}`, () => {
  it('writes an application row per configured platform with the lead, and none for spam', async () => {
    const lead = await insertApplication(temp.db)
    expect(await keys(lead)).toEqual([
      'google:application:conversion',
      'meta:application:conversion',
      'tiktok:application:conversion',
    ])
    const spam = await insertApplication(temp.db, { spam: true })
    expect(await rowsOf(spam)).toEqual([])
    await temp.db.query('UPDATE contact_submissions SET spam = false WHERE id = $1', [spam])
    expect(await keys(spam)).toHaveLength(3)
  })

  it('rolls the rows back with the application, the booking and the outcome that caused them', async () => {
    let lead = 0
    await expect(
      temp.db.transaction(async (tx) => {
        lead = await insertApplication(tx)
        expect(await rowsOf(lead, tx)).toHaveLength(3)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await rowsOf(lead)).toEqual([])

    const kept = await insertApplication(temp.db)
    await expect(
      temp.db.transaction(async (tx) => {
        await book(tx, kept)
        await outcome(tx, kept, 'won', 120_000)
        expect(await rowsOf(kept, tx)).toHaveLength(12)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await keys(kept)).toEqual([
      'google:application:conversion',
      'meta:application:conversion',
      'tiktok:application:conversion',
    ])
  })

  it('books once per platform however often and however concurrently the booking arrives', async () => {
    const lead = await insertApplication(temp.db)
    await Promise.all(Array.from({ length: 6 }, () => temp.db.transaction((tx) => book(tx, lead))))
    const unmatched = await book(temp.db, null)
    await temp.db.query('UPDATE bookings SET application_id = $1 WHERE id = $2', [lead, unmatched[0]?.id])
    const booked = (await rowsOf(lead)).filter((row) => row.stage === 'booked')
    expect(booked.map((row) => row.platform).sort()).toEqual(['google', 'meta', 'tiktok'])
  })

  it('books a lead when an unmatched booking is linked to it', async () => {
    const lead = await insertApplication(temp.db)
    const [booking] = await book(temp.db, null)
    expect(await keys(lead)).not.toContain('meta:booked:conversion')
    await temp.db.query('UPDATE bookings SET application_id = $1 WHERE id = $2', [lead, booking?.id])
    expect(await keys(lead)).toContain('meta:booked:conversion')
  })

  it('turns showed and won outcomes into showed and won rows, a won with its amount, once', async () => {
    const lead = await insertApplication(temp.db)
    await outcome(temp.db, lead, 'showed')
    await outcome(temp.db, lead, 'showed')
    await outcome(temp.db, lead, 'won', 250_000)
    const rows = await rowsOf(lead)
    expect(rows.filter((row) => row.stage === 'showed')).toHaveLength(3)
    expect(rows.filter((row) => row.stage === 'won').map((row) => row.amount_minor)).toEqual([
      '250000',
      '250000',
      '250000',
    ])
  })

  it('gives a won still waiting the corrected amount, and restates one sent on Google only', async () => {
    const lead = await insertApplication(temp.db)
    await outcome(temp.db, lead, 'won', 100_000)
    await outcome(temp.db, lead, 'won', 150_000)
    expect(
      (await rowsOf(lead)).filter((row) => row.stage === 'won').map((row) => `${row.kind}:${row.amount_minor}`),
    ).toEqual(['conversion:150000', 'conversion:150000', 'conversion:150000'])
    await markSent(lead, 'won')
    await markSent(lead, 'won', 'meta')
    await outcome(temp.db, lead, 'won', 175_000)
    const won = (await rowsOf(lead)).filter((row) => row.stage === 'won')
    expect(won.map((row) => `${row.platform}:${row.kind}:${row.amount_minor}`)).toEqual([
      'google:conversion:150000',
      'google:restatement:175000',
      'meta:conversion:150000',
      'tiktok:conversion:175000',
    ])
  })

  it('retracts booked on Google a minute after a cancel that is not a reschedule, and arms it again after a rebooking', async () => {
    const lead = await insertApplication(temp.db)
    const [first] = await book(temp.db, lead)
    await temp.db.query(`UPDATE bookings SET state = 'canceled', replaced_by = 'new-one' WHERE id = $1`, [first?.id])
    expect(await keys(lead)).not.toContain('google:booked:retraction')
    const [second] = await book(temp.db, lead)
    await temp.db.query(`UPDATE bookings SET state = 'canceled' WHERE id = $1`, [second?.id])
    const [retraction] = (await rowsOf(lead)).filter((row) => row.kind === 'retraction')
    expect(retraction).toMatchObject({ platform: 'google', stage: 'booked', state: 'pending' })
    const [{ lead: dueIn } = { lead: 0 }] = await temp.db.query<{ lead: number }>(
      `SELECT extract(epoch FROM next_attempt_at - now())::float AS lead FROM lead_conversions
       WHERE application_id = $1 AND kind = 'retraction'`,
      [lead],
    )
    expect(dueIn).toBeGreaterThan(50)
    expect(dueIn).toBeLessThanOrEqual(60)
    await temp.db.query(
      `UPDATE lead_conversions SET state = 'skipped', reason = 'rebooked' WHERE application_id = $1 AND kind = 'retraction'`,
      [lead],
    )
    const [third] = await book(temp.db, lead)
    await temp.db.query(`UPDATE bookings SET state = 'canceled' WHERE id = $1`, [third?.id])
    expect((await rowsOf(lead)).filter((row) => row.kind === 'retraction').map((row) => row.state)).toEqual(['pending'])
  })

  it('skips a showed not yet sent on a no-show, and retracts one sent on Google', async () => {
    const lead = await insertApplication(temp.db)
    await outcome(temp.db, lead, 'showed')
    await markSent(lead, 'showed')
    await outcome(temp.db, lead, 'no_show')
    const showed = (await rowsOf(lead)).filter((row) => row.stage === 'showed')
    expect(showed.map((row) => `${row.platform}:${row.kind}:${row.state}`)).toEqual([
      'google:conversion:sent',
      'google:retraction:pending',
      'meta:conversion:skipped',
      'tiktok:conversion:skipped',
    ])
    const other = await insertApplication(temp.db)
    const [booking] = await book(temp.db, other)
    await outcome(temp.db, other, 'showed')
    await temp.db.query(`UPDATE bookings SET state = 'no_show' WHERE id = $1`, [booking?.id])
    expect((await rowsOf(other)).filter((row) => row.stage === 'showed').map((row) => row.state)).toEqual([
      'skipped',
      'skipped',
      'skipped',
    ])
  })

  it('takes a showed whose claim ran out (its server died mid-send) as not sent: a no-show skips it', async () => {
    const lead = await insertApplication(temp.db)
    await outcome(temp.db, lead, 'showed')
    await temp.db.query(
      `UPDATE lead_conversions SET claim = gen_random_uuid(), next_attempt_at = now() - interval '1 second'
       WHERE application_id = $1 AND stage = 'showed'`,
      [lead],
    )
    await outcome(temp.db, lead, 'no_show')
    expect(
      (await rowsOf(lead)).filter((row) => row.stage === 'showed').map((row) => `${row.kind}:${row.state}`),
    ).toEqual(['conversion:skipped', 'conversion:skipped', 'conversion:skipped'])
  })

  it('cancels an erased lead’s pending conversions with it', async () => {
    const lead = await insertApplication(temp.db)
    await book(temp.db, lead)
    expect(await rowsOf(lead)).toHaveLength(6)
    await temp.db.query('DELETE FROM contact_submissions WHERE id = $1', [lead])
    expect(await rowsOf(lead)).toEqual([])
  })
})
