// Google's corrections and the showed sweep, from the change to the sender (a
// port double: the wire is another part's) on a real database.
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { consentFor, scriptedSender } from '../testing/conversion-doubles.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { deliverDue, type DeliverOptions } from './deliver.ts'
import { registerPlatforms, tokenFingerprint } from './platforms.ts'
import { leadConversions } from './read-model.ts'
import { sweepShowed } from './showed-sweep.ts'

const temp = useTempDatabase()
const quiet = { info: () => {}, warn: () => {}, error: () => {} }

beforeAll(async () => {
  await registerPlatforms(
    temp.db,
    (['meta', 'google', 'tiktok'] as const).map((platform) => ({ platform, fingerprint: tokenFingerprint(platform) })),
  )
})

const sent = scriptedSender((event) => ({ kind: 'sent', traceId: `trace-${event.rowId}` }))
const opts = (): DeliverOptions => ({ db: temp.db, sender: sent.sender, consent: consentFor(), log: quiet })
const drain = async () => {
  for (const platform of ['meta', 'google', 'tiktok'] as const) while ((await deliverDue(platform, opts())).more);
}
const sentOf = (lead: number) => sent.events().filter(({ event }) => event.lead.applicationId === lead)
const rowOf = async (lead: number, platform: string, stage: string, kind: string) =>
  (await leadConversions(temp.db, lead)).find(
    (row) => row.platform === platform && row.stage === stage && row.kind === kind,
  )
const makeDue = (lead: number) =>
  temp.db.query(`UPDATE lead_conversions SET next_attempt_at = now() WHERE application_id = $1 AND state = 'pending'`, [
    lead,
  ])
const book = async (lead: number, startsIn = '1 day') =>
  Number(
    (
      await temp.db.query<{ id: number }>(
        `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at)
         VALUES ('calcom', $1, $2, now() + $3::interval) RETURNING id`,
        [randomUUID(), lead, startsIn],
      )
    )[0]?.id,
  )
const cancel = (booking: number) => temp.db.query(`UPDATE bookings SET state = 'canceled' WHERE id = $1`, [booking])
const outcome = (lead: number, kind: string, amountMinor?: number) =>
  temp.db.query(
    `INSERT INTO lead_outcomes (application_id, outcome, amount_minor, currency, author) VALUES ($1, $2, $3, $4, 'o@example.com')`,
    [lead, kind, amountMinor ?? null, amountMinor === undefined ? null : 'USD'],
  )

describe(`corrections and the showed sweep (ADR 048) on ${DATABASE_TARGET}`, () => {
  it('retracts booked on Google after the booked conversion went, under the same order id, and on no other platform', async () => {
    const lead = await insertApplication(temp.db)
    await cancel(await book(lead))
    await makeDue(lead)
    await drain()
    // Claimed in the same batch as its conversion, it waited for it.
    expect(await rowOf(lead, 'google', 'booked', 'retraction')).toMatchObject({ state: 'pending', attempts: 0 })
    await makeDue(lead)
    await drain()
    expect(await rowOf(lead, 'google', 'booked', 'retraction')).toMatchObject({ state: 'sent' })
    const retractions = sentOf(lead).filter(({ event }) => event.kind === 'retraction')
    const [conversion] = sentOf(lead).filter(({ platform, event }) => platform === 'google' && event.stage === 'booked')
    expect(retractions.map(({ platform, event }) => `${platform} ${event.stage} ${event.eventId}`)).toEqual([
      `google booked ${conversion?.event.eventId}`,
    ])
  })

  it('skips the retraction when the lead booked again within the minute', async () => {
    const lead = await insertApplication(temp.db)
    await cancel(await book(lead))
    await drain()
    await book(lead, '2 days')
    await makeDue(lead)
    await drain()
    expect(await rowOf(lead, 'google', 'booked', 'retraction')).toMatchObject({
      state: 'skipped',
      reason: 'rebooked: the lead has a call scheduled again',
    })
  })

  it('retracts a showed that was sent, and skips the retraction of one that never was', async () => {
    const lead = await insertApplication(temp.db)
    await outcome(lead, 'showed')
    await drain()
    await outcome(lead, 'no_show')
    await drain()
    expect(await rowOf(lead, 'google', 'showed', 'retraction')).toMatchObject({ state: 'sent' })

    const failing = await insertApplication(temp.db)
    await outcome(failing, 'showed')
    await temp.db.query(
      `UPDATE lead_conversions SET claim = gen_random_uuid(), next_attempt_at = now() + interval '1 minute'
       WHERE application_id = $1 AND stage = 'showed'`,
      [failing],
    )
    await outcome(failing, 'no_show')
    await temp.db.query(
      `UPDATE lead_conversions SET state = 'failed', reason = 'x', claim = NULL, next_attempt_at = now() WHERE application_id = $1 AND stage = 'showed' AND kind = 'conversion'`,
      [failing],
    )
    await drain()
    expect(await rowOf(failing, 'google', 'showed', 'retraction')).toMatchObject({
      state: 'skipped',
      reason: 'the showed conversion was never sent',
    })
  })

  it('restates a changed won amount on Google with the new value, and skips a restatement of the amount already sent', async () => {
    const lead = await insertApplication(temp.db)
    await outcome(lead, 'won', 500_00)
    await drain()
    await outcome(lead, 'won', 650_00)
    await outcome(lead, 'won', 500_00)
    await drain()
    // The second restatement waited for the first: they reach Google in order.
    expect(sentOf(lead).filter(({ event }) => event.kind === 'restatement')).toHaveLength(1)
    await makeDue(lead)
    await drain()
    const restated = sentOf(lead).filter(({ event }) => event.kind === 'restatement')
    expect(restated.map(({ platform, event }) => [platform, event.eventId.endsWith(':won'), event.value])).toEqual([
      ['google', true, { amountMinor: '65000', currency: 'USD' }],
      ['google', true, { amountMinor: '50000', currency: 'USD' }],
    ])
    await outcome(lead, 'won', 500_00)
    await drain()
    const rows = (await leadConversions(temp.db, lead)).filter((row) => row.kind === 'restatement')
    expect(rows.map((row) => `${row.state}:${row.reason ?? ''}`)).toEqual([
      'sent:',
      'sent:',
      'skipped:the amount sent is unchanged',
    ])
  })

  it('sweeps a call that started a day ago without a no-show into showed, once, and leaves the rest', async () => {
    const passed = await insertApplication(temp.db)
    await book(passed, '-25 hours')
    const noShow = await insertApplication(temp.db)
    await book(noShow, '-25 hours')
    await outcome(noShow, 'no_show')
    const old = await insertApplication(temp.db)
    await book(old, '-8 days')
    const recent = await insertApplication(temp.db)
    await book(recent, '-2 hours')
    await sweepShowed(temp.db)
    await sweepShowed(temp.db)
    const showed = async (lead: number) =>
      (await leadConversions(temp.db, lead)).filter((row) => row.stage === 'showed').map((row) => row.platform)
    expect((await showed(passed)).sort()).toEqual(['google', 'meta', 'tiktok'])
    expect(await showed(noShow)).toEqual([])
    expect(await showed(old)).toEqual([])
    expect(await showed(recent)).toEqual([])
  })
})
