// A burst larger than every platform's request limit, on a database of its own
// so the batches are this test's alone; the sender is a port double.
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { consentFor, scriptedSender } from '../testing/conversion-doubles.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { claimDue } from './claim.ts'
import { deliverDue } from './deliver.ts'
import { BATCH_LIMITS, registerPlatforms, tokenFingerprint } from './platforms.ts'

const temp = useTempDatabase()
const BURST = 2001
const quiet = { info: () => {}, warn: () => {}, error: () => {} }

beforeAll(async () => {
  await registerPlatforms(
    temp.db,
    (['meta', 'google', 'tiktok'] as const).map((platform) => ({ platform, fingerprint: tokenFingerprint(platform) })),
  )
  const answers = validAnswers() as Record<string, string>
  // One statement: the statement-level trigger writes the whole burst's rows at once.
  await temp.db.query(
    `INSERT INTO contact_submissions (submission_id, ${CONTACT_FIELDS.join(', ')})
     SELECT gen_random_uuid(), ${CONTACT_FIELDS.map((_, i) => `$${i + 2}`).join(', ')} FROM generate_series(1, $1::int)`,
    [BURST, ...CONTACT_FIELDS.map((field) => answers[field])],
  )
})

describe(`batches (ADR 048) on ${DATABASE_TARGET}`, () => {
  it('sends a burst in requests of at most 1,000 events to Meta and TikTok and 2,000 to Google, each event once', async () => {
    const { sender, calls, events } = scriptedSender()
    const options = { db: temp.db, sender, consent: consentFor(), log: quiet }
    for (const platform of ['meta', 'google', 'tiktok'] as const) while ((await deliverDue(platform, options)).more);
    const sizes = (platform: string) =>
      calls.filter((call) => call.platform === platform).map((call) => call.events.length)
    expect(BATCH_LIMITS).toEqual({ meta: 1000, google: 2000, tiktok: 1000 })
    expect(sizes('meta')).toEqual([1000, 1000, 1])
    expect(sizes('tiktok')).toEqual([1000, 1000, 1])
    expect(sizes('google')).toEqual([2000, 1])
    const ids = events().map(({ platform, event }) => `${platform} ${event.eventId}`)
    expect(new Set(ids).size).toBe(3 * BURST)
    const [{ pending } = { pending: -1 }] = await temp.db.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM lead_conversions WHERE state <> 'sent'`,
    )
    expect(pending).toBe(0)
  })

  it('shares the due rows between two servers’ workers at once, each event sent once', async () => {
    const leads = new Set(await Promise.all(Array.from({ length: 120 }, () => insertApplication(temp.db))))
    const { sender, events } = scriptedSender()
    const worker = async () => {
      const options = { db: temp.db, sender, consent: consentFor(), log: quiet, batchLimit: 25 }
      for (const platform of ['meta', 'google', 'tiktok'] as const) while ((await deliverDue(platform, options)).more);
    }
    await Promise.all([worker(), worker()])
    const ids = events()
      .filter(({ event }) => leads.has(event.lead.applicationId))
      .map(({ platform, event }) => `${platform} ${event.eventId}`)
    expect(ids).toHaveLength(3 * leads.size)
    expect(new Set(ids).size).toBe(3 * leads.size)
  })

  it('sends a row whose server died mid-send again once its claim runs out, under the same id, the lost attempt uncounted', async () => {
    const lead = await insertApplication(temp.db)
    // A claim that runs out at once, and a server that never records its answer.
    const [lost] = (await claimDue(temp.db, 'meta', 1000, 0)).filter((row) => row.applicationId === lead)
    expect(lost?.attempts).toBe(1)
    const { sender, events } = scriptedSender()
    await deliverDue('meta', { db: temp.db, sender, consent: consentFor(), log: quiet })
    const [resent] = events().filter(({ event }) => event.lead.applicationId === lead)
    expect(resent?.event.eventId).toBe(`${lost?.lead.submissionId}:application`)
    const [row] = await temp.db.query<{ state: string; attempts: number }>(
      `SELECT state, attempts FROM lead_conversions WHERE application_id = $1 AND platform = 'meta'`,
      [lead],
    )
    expect(row).toEqual({ state: 'sent', attempts: 1 })
  })
})
