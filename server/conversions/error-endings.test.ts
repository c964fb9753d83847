// Each error the issue names, shown to end as described the whole way: an
// application posted to the app, its rows sent by the worker over the wire to
// the platform's stand-in, which answers with the error, and the row's state
// read back. The schedule's first retries are shortened to 300 ms, so a
// platform's own later time (Google's retryDelay, TOO_RECENT_EVENT's six hours)
// shows apart from it. A refused token's pause and its one alert are in
// pause-alert.test.ts; the wire's reading of each answer in platforms/*.test.ts.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { RowError } from '../testing/ad-platforms/google-rows.ts'
import { applyFromAds, startStandIns, within } from '../testing/ad-platforms/stand-in-apps.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { conversionDeliveryOf } from './conversion-delivery.ts'
import type { AdPlatform } from './ports.ts'

const temp = useTempDatabase()
let standIns: Awaited<ReturnType<typeof startStandIns>>
let app: FastifyInstance
const used: string[] = []

beforeAll(async () => {
  standIns = await startStandIns()
  const config = parseConfig({ SUBMIT_RATE_LIMIT: '0', ...standIns.env() })
  const delivery = conversionDeliveryOf(config)
  if (delivery === undefined) throw new Error('no platform configured')
  app = buildApp({ config, db: temp.db, conversions: { ...delivery, pollMs: 50, retryDelaysMs: [300, 300, 300] } })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await standIns.close()
})

interface Row extends Record<string, unknown> {
  state: string
  reason: string | null
  attempts: number
  next_attempt_at: Date
  claim: string | null
}

async function rowOf(submissionId: string, platform: AdPlatform): Promise<Row | undefined> {
  const [row] = await temp.db.query<Row>(
    `SELECT c.state, c.reason, c.attempts, c.next_attempt_at, c.claim FROM lead_conversions c
     JOIN contact_submissions s ON s.id = c.application_id
     WHERE s.submission_id = $1 AND c.platform = $2 AND c.stage = 'application' AND c.kind = 'conversion'`,
    [submissionId, platform],
  )
  return row
}

// A row left waiting (a retry 30 s or 6 h on) would take a later test's told answer: each test ends its leads' rows.
afterEach(async () => {
  const ids = used.splice(0)
  const idle = async () => {
    const [row] = await temp.db.query<{ busy: number }>(
      `SELECT count(*)::int AS busy FROM lead_conversions c JOIN contact_submissions s ON s.id = c.application_id
       WHERE s.submission_id = ANY($1::uuid[]) AND c.state = 'pending'
         AND NOT EXISTS (SELECT 1 FROM conversion_platforms p WHERE p.platform = c.platform AND p.paused_at IS NOT NULL)
         AND (c.claim IS NOT NULL OR c.next_attempt_at < now() + interval '5 seconds')`,
      [ids],
    )
    return row?.busy === 0
  }
  await within(15_000, idle)
  await temp.db.query(
    `UPDATE lead_conversions c SET state = 'skipped', reason = 'the test is over', claim = NULL
     FROM contact_submissions s WHERE s.id = c.application_id AND s.submission_id = ANY($1::uuid[]) AND c.state = 'pending'`,
    [ids],
  )
})

const rowError = (code: string): RowError => ({ code: { conversionUploadError: code }, message: code })
const retriedThenSent = (row: Row) => {
  expect(row).toMatchObject({ state: 'sent', attempts: 2 })
}

interface Ending {
  what: string
  platform: AdPlatform
  /** What the stand-in is told to answer, before the application is posted. */
  tell: (submissionId: string) => void
  /** The row has ended, or waits as it should. */
  done: (row: Row) => boolean
  check: (row: Row, submissionId: string) => void
}

const ENDINGS: Ending[] = [
  ...(['google', 'meta', 'tiktok'] as const).flatMap((platform): Ending[] => [
    {
      what: `no answer from ${platform} within 1.5 s: retried, then sent`,
      platform,
      tell: () => standIns[platform].answer('stall'),
      done: (row) => row.state !== 'pending',
      check: retriedThenSent,
    },
    {
      what: `${platform} answers 5xx: retried, then sent`,
      platform,
      tell: () => standIns[platform].answer('transient'),
      done: (row) => row.state !== 'pending',
      check: retriedThenSent,
    },
  ]),
  {
    what: "Google's rate limit: retried no sooner than its retryDelay (30 s), later than the schedule's 300 ms",
    platform: 'google',
    tell: () => standIns.google.answer('rate-limit'),
    done: (row) => row.reason !== null,
    check: (row) => {
      expect(row).toMatchObject({ state: 'pending', attempts: 1 })
      expect(row.reason).toMatch(/^retrying: .*RESOURCE_TEMPORARILY_EXHAUSTED/)
      expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(25_000)
    },
  },
  {
    what: "Meta's rate limit (code 17): retried, then sent",
    platform: 'meta',
    tell: () => standIns.meta.answer('rate-limit'),
    done: (row) => row.state !== 'pending',
    check: retriedThenSent,
  },
  {
    what: "TikTok's rate limit (code 40100): retried, then sent",
    platform: 'tiktok',
    tell: () => standIns.tiktok.answer('throttled'),
    done: (row) => row.state !== 'pending',
    check: retriedThenSent,
  },
  {
    what: 'Meta counts fewer events than sent: retried under the same event_id, then sent',
    platform: 'meta',
    tell: () => standIns.meta.answer('count-short'),
    done: (row) => row.state !== 'pending',
    check: retriedThenSent,
  },
  {
    what: "Google's TOO_RECENT_EVENT: waits 6 hours",
    platform: 'google',
    tell: (id) => standIns.google.rowError(`${id}:application`, rowError('TOO_RECENT_EVENT')),
    done: (row) => row.reason !== null,
    check: (row) => {
      expect(row).toMatchObject({ state: 'pending', attempts: 1 })
      expect(row.reason).toMatch(/^retrying: Google Ads: TOO_RECENT_EVENT/)
      expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(6 * 3_600_000 - 60_000)
    },
  },
  {
    what: "Google's CLICK_CONVERSION_ALREADY_EXISTS: sent (a resend Google had recorded)",
    platform: 'google',
    tell: (id) => standIns.google.rowError(`${id}:application`, rowError('CLICK_CONVERSION_ALREADY_EXISTS')),
    done: (row) => row.state !== 'pending',
    check: (row) => expect(row).toMatchObject({ state: 'sent', attempts: 1, reason: null }),
  },
  {
    what: "Google's CLICK_NOT_FOUND: skipped, with the reason",
    platform: 'google',
    tell: (id) => standIns.google.rowError(`${id}:application`, rowError('CLICK_NOT_FOUND')),
    done: (row) => row.state !== 'pending',
    check: (row) =>
      expect(row).toMatchObject({ state: 'skipped', reason: 'Google Ads: CLICK_NOT_FOUND (CLICK_NOT_FOUND)' }),
  },
  {
    what: 'Meta refuses an event over 7 days old (subcode 2804003): expired, with the reason',
    platform: 'meta',
    tell: () => standIns.meta.answer('too-old'),
    done: (row) => row.state !== 'pending',
    check: (row) => {
      expect(row).toMatchObject({ state: 'expired', attempts: 1 })
      expect(row.reason).toMatch(/^Meta: .*subcode 2804003/)
    },
  },
  // Last: the pause holds until a server starts with another token.
  {
    what: 'TikTok refuses the token (code 40001): paused, the row kept and the attempt uncounted',
    platform: 'tiktok',
    tell: () => standIns.tiktok.answer('bad-token'),
    done: (row) => row.reason !== null,
    check: (row) => {
      expect(row).toMatchObject({ state: 'pending', attempts: 0 })
      expect(row.reason).toMatch(/^paused: TikTok/)
    },
  },
]

describe(`each error ends as described, app → worker → stand-in → row, on ${DATABASE_TARGET}`, () => {
  it.each(ENDINGS.map((ending) => [ending.what, ending] as const))('%s', async (_what, ending) => {
    const submissionId = randomUUID()
    used.push(submissionId)
    ending.tell(submissionId)
    await applyFromAds(app, submissionId)
    let row: Row | undefined
    const ended = await within(15_000, async () => {
      row = await rowOf(submissionId, ending.platform)
      return row !== undefined && row.claim === null && ending.done(row)
    })
    expect(ended, JSON.stringify(row)).toBe(true)
    ending.check(row as Row, submissionId)
  })

  it("reads Google's partial failure per row: in one request, each row ends as its own error says", async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    used.push(...ids)
    const [notFound = '', exists = '', taken = ''] = ids
    standIns.google.rowError(`${notFound}:application`, rowError('CLICK_NOT_FOUND'))
    standIns.google.rowError(`${exists}:application`, rowError('CLICK_CONVERSION_ALREADY_EXISTS'))
    // Google's worker waits 1.5 s on a request that is never answered: the three rows are due by its next claim.
    const stalled = randomUUID()
    used.push(stalled)
    standIns.google.answer('stall')
    await applyFromAds(app, stalled)
    expect(await within(5_000, async () => (await rowOf(stalled, 'google'))?.claim != null)).toBe(true)
    for (const id of ids) await applyFromAds(app, id)
    const states = async () => Promise.all(ids.map(async (id) => (await rowOf(id, 'google'))?.state))
    expect(await within(15_000, async () => !(await states()).includes('pending'))).toBe(true)
    expect(await states()).toEqual(['skipped', 'sent', 'sent'])
    // One request carried the three rows: the errors were placed by their index.
    const request = standIns.google.requests.find((r) => JSON.stringify(r.body).includes(`${taken}:application`))
    const orderIds = ((request?.body as { conversions?: { orderId: string }[] }).conversions ?? []).map(
      (c) => c.orderId,
    )
    expect(orderIds).toEqual(expect.arrayContaining(ids.map((id) => `${id}:application`)))
    expect(standIns.google.conversions.has(`${taken}:application`)).toBe(true)
    expect(standIns.google.conversions.has(`${notFound}:application`)).toBe(false)
  })
})
