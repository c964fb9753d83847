// The worker against a real database, with a port double for the sender (the
// wire is another part's, tested against its stand-in receivers there).
import { beforeAll, describe, expect, it } from 'vitest'
import { consentFor, scriptedSender } from '../testing/conversion-doubles.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { deliverDue, type DeliverOptions } from './deliver.ts'
import { registerPlatforms, tokenFingerprint } from './platforms.ts'
import type { ConversionResult } from './ports.ts'
import { leadConversions, platformStatuses } from './read-model.ts'

const temp = useTempDatabase()
const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const configure = (googleToken = 'google-token') =>
  registerPlatforms(temp.db, [
    { platform: 'meta', fingerprint: tokenFingerprint('meta-token') },
    { platform: 'google', fingerprint: tokenFingerprint(googleToken) },
    { platform: 'tiktok', fingerprint: tokenFingerprint('tiktok-token') },
  ])

beforeAll(async () => {
  await configure()
})

const options = (sender: DeliverOptions['sender'], extra: Partial<DeliverOptions> = {}): DeliverOptions => ({
  db: temp.db,
  sender,
  consent: consentFor(),
  log: quiet,
  ...extra,
})
const submissionOf = async (lead: number) =>
  String((await temp.db.query('SELECT submission_id::text AS s FROM contact_submissions WHERE id = $1', [lead]))[0]?.s)
const stateOf = async (lead: number, platform: string, stage = 'application', kind = 'conversion') =>
  (await leadConversions(temp.db, lead)).find(
    (row) => row.platform === platform && row.stage === stage && row.kind === kind,
  )
const makeDue = (lead: number) =>
  temp.db.query('UPDATE lead_conversions SET next_attempt_at = now() WHERE application_id = $1', [lead])
/** Every platform's due rows, batch after batch, as the worker's round does. */
const drain = async (opts: DeliverOptions) => {
  for (const platform of ['meta', 'google', 'tiktok'] as const) while ((await deliverDue(platform, opts)).more);
}

describe(`the conversions' worker (ADR 048) on ${DATABASE_TARGET}`, () => {
  it('sends each stage once per platform under <submission_id>:<stage>, and records the trace id', async () => {
    const lead = await insertApplication(temp.db, { answers: { email: 'ada@example.com' } })
    const { sender, events } = scriptedSender((event, platform) => ({
      kind: 'sent',
      traceId: `${platform}-${event.rowId}`,
    }))
    await drain(options(sender))
    await drain(options(sender))
    const mine = events().filter(({ event }) => event.lead.applicationId === lead)
    const id = `${await submissionOf(lead)}:application`
    expect(mine.map(({ platform, event }) => `${platform} ${event.eventId} ${event.kind}`).sort()).toEqual(
      ['google', 'meta', 'tiktok'].map((platform) => `${platform} ${id} conversion`),
    )
    expect(mine[0]?.event.lead.email).toBe('ada@example.com')
    expect(mine[0]?.event.consent.clientIp).toBe('203.0.113.7')
    const meta = await stateOf(lead, 'meta')
    expect(meta).toMatchObject({ state: 'sent', traceId: `meta-${meta?.id}`, attempts: 1 })
    expect((await platformStatuses(temp.db)).find((p) => p.platform === 'meta')?.lastSuccessAt).not.toBeNull()
  })

  it('sends nothing of a lead without consent, and ends its rows "skipped: no consent"', async () => {
    const lead = await insertApplication(temp.db)
    const { sender, events } = scriptedSender()
    await drain(options(sender, { consent: consentFor(new Set()) }))
    expect(events().filter(({ event }) => event.lead.applicationId === lead)).toEqual([])
    for (const platform of ['meta', 'google', 'tiktok'])
      expect(await stateOf(lead, platform)).toMatchObject({ state: 'skipped', reason: 'no consent' })
  })

  it('retries after the schedule or the platform’s own time, whichever is later, then fails once the schedule is spent', async () => {
    const lead = await insertApplication(temp.db)
    const sixHours = new Date(Date.now() + 6 * 3_600_000)
    const { sender } = scriptedSender((_event, platform) =>
      platform === 'google'
        ? { kind: 'retry', reason: 'TOO_RECENT_EVENT', notBefore: sixHours }
        : { kind: 'retry', reason: 'HTTP 503' },
    )
    await drain(options(sender, { retryDelaysMs: [60_000, 60_000] }))
    const google = await stateOf(lead, 'google')
    expect(google).toMatchObject({ state: 'retrying', reason: 'retrying: TOO_RECENT_EVENT', attempts: 1 })
    expect(Date.parse(String(google?.nextAttemptAt))).toBeGreaterThanOrEqual(sixHours.getTime() - 1000)
    const meta = await stateOf(lead, 'meta')
    expect(Date.parse(String(meta?.nextAttemptAt)) - Date.now()).toBeGreaterThan(40_000)
    expect(Date.parse(String(meta?.nextAttemptAt)) - Date.now()).toBeLessThan(80_000)
    for (let attempt = 2; attempt <= 3; attempt++) {
      await makeDue(lead)
      await drain(options(sender, { retryDelaysMs: [60_000, 60_000] }))
    }
    expect(await stateOf(lead, 'meta')).toMatchObject({
      state: 'failed',
      reason: 'gave up after 3 attempts: HTTP 503',
      attempts: 3,
    })
  })

  it('ends skipped, expired and failed results with their reason, and counts a sender that throws as a retry', async () => {
    const lead = await insertApplication(temp.db)
    const results: Record<string, ConversionResult> = {
      meta: { kind: 'expired', reason: 'event_time older than 7 days' },
      google: { kind: 'skipped', reason: 'CLICK_NOT_FOUND' },
      tiktok: { kind: 'failed', reason: 'invalid parameter' },
    }
    await drain(options(scriptedSender((_e, platform) => results[platform] as ConversionResult).sender))
    expect(await stateOf(lead, 'meta')).toMatchObject({ state: 'expired', reason: 'event_time older than 7 days' })
    expect(await stateOf(lead, 'google')).toMatchObject({ state: 'skipped', reason: 'CLICK_NOT_FOUND' })
    expect(await stateOf(lead, 'tiktok')).toMatchObject({ state: 'failed', reason: 'invalid parameter' })
    expect((await platformStatuses(temp.db)).find((p) => p.platform === 'tiktok')?.lastError).toBe('invalid parameter')

    const other = await insertApplication(temp.db)
    const throwing = { send: () => Promise.reject(new Error('socket hang up')) }
    await drain(options(throwing))
    expect(await stateOf(other, 'meta')).toMatchObject({ state: 'retrying', reason: 'retrying: socket hang up' })
    await makeDue(other)
    await drain(options(scriptedSender().sender))
    expect(await stateOf(other, 'meta')).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('pauses a platform whose token is refused: its rows wait uncounted, the team is told once, a new token resumes it', async () => {
    const first = await insertApplication(temp.db)
    const second = await insertApplication(temp.db)
    const paused: string[] = []
    const errors: string[] = []
    const refusing = scriptedSender((_e, platform) =>
      platform === 'google' ? { kind: 'paused', reason: 'HTTP 401' } : { kind: 'sent', traceId: 't' },
    )
    const opts = options(refusing.sender, {
      batchLimit: 1,
      onPaused: (platform) => paused.push(platform),
      log: { ...quiet, error: (_o: object, message: string) => errors.push(message) },
    })
    await drain(opts)
    await drain(opts)
    expect(paused).toEqual(['google'])
    expect(errors).toHaveLength(1)
    expect(refusing.calls.filter((call) => call.platform === 'google')).toHaveLength(1)
    for (const lead of [first, second])
      expect(await stateOf(lead, 'google')).toMatchObject({ state: 'paused', attempts: 0 })
    expect((await platformStatuses(temp.db)).find((p) => p.platform === 'google')).toMatchObject({
      paused: true,
      pausedReason: 'HTTP 401',
    })

    expect(await configure('google-token')).toEqual([])
    expect((await deliverDue('google', opts)).claimed).toBe(0)
    expect(await configure('google-token-fixed')).toEqual(['google'])
    const fixed = scriptedSender()
    await drain(options(fixed.sender))
    for (const lead of [first, second])
      expect(await stateOf(lead, 'google')).toMatchObject({ state: 'sent', attempts: 1 })
  })
})
