import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { ADS_CONSENT_FIELD } from '../../common/ads-consent.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import {
  leadConversionsPath,
  resendConversionPath,
  testEventPath,
  type LeadConversionView,
  type TestEventAnswer,
} from '../../common/conversions-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { startMetaStandIn } from '../testing/ad-platforms/meta-stand-in.ts'
import { startTiktokStandIn } from '../testing/ad-platforms/tiktok-stand-in.ts'
import { closeAdminApp, openAdminApp, signIn, type AdminApp, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { OWNER, PASSWORD } from '../testing/signed-in-inbox.ts'
import { CLIENT_HEADERS, columnsOf } from '../testing/submission-app.ts'

// The Integrations panel's test event and the lead page's Resend, over the wire
// to the stand-ins: Meta with its test event code, TikTok without one, Google off.
const META = { pixelId: '223456789012345', accessToken: 'EAAB-test-event-token' }
const TIKTOK = { pixelCode: 'CTESTEVENTPIXEL1', accessToken: 'tiktok-test-event-token' }
let meta: Awaited<ReturnType<typeof startMetaStandIn>>
let tiktok: Awaited<ReturnType<typeof startTiktokStandIn>>
let admin: AdminApp
let session: SignedIn

beforeAll(async () => {
  ;[meta, tiktok] = await Promise.all([startMetaStandIn(META), startTiktokStandIn(TIKTOK)])
  admin = await openAdminApp([OWNER], PASSWORD, {
    SUBMIT_RATE_LIMIT: '0',
    META_PIXEL_ID: META.pixelId,
    META_ACCESS_TOKEN: META.accessToken,
    META_API_URL: meta.url,
    META_TEST_EVENT_CODE: 'TEST12345',
    TIKTOK_PIXEL_CODE: TIKTOK.pixelCode,
    TIKTOK_ACCESS_TOKEN: TIKTOK.accessToken,
    TIKTOK_API_URL: tiktok.url,
  })
  session = await signIn(admin.app, OWNER, PASSWORD)
})
afterAll(async () => {
  if (admin) await closeAdminApp(admin)
  await Promise.all([meta?.close(), tiktok?.close()])
})

const post = (path: string, headers: Record<string, string>) =>
  admin.app.inject({ method: 'POST', url: `${ADMIN_API_PATH}${path}`, headers })
const signedIn = () => ({ cookie: session.cookie, [CSRF_HEADER]: session.csrfToken })
const auditOf = (platform: string) =>
  admin.temp.db.query<{ actor_email: string; detail: object }>(
    `SELECT actor_email, detail FROM admin_audit WHERE action = 'conversion.test' AND detail->>'platform' = $1`,
    [platform],
  )

/** An application with consent and a Meta click, as the page posts it; resolves to the lead's id. */
async function applyWithConsent() {
  const submissionId = randomUUID()
  const touch = {
    fbclid: 'IwAR-Resend_Me',
    landing_path: '/',
    captured_at: new Date(Date.now() - 60_000).toISOString(),
  }
  const row = {
    ...validAnswers({ submission_id: submissionId }),
    attribution: { first_touch: touch, last_touch: touch },
    [ADS_CONSENT_FIELD]: true,
  }
  const response = await admin.app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + columnsOf([row]),
    headers: { ...CLIENT_HEADERS, 'user-agent': 'Mozilla/5.0 Resend', referer: 'https://brand.example/' },
    payload: JSON.stringify([row]),
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  const [lead] = await admin.temp.db.query<{ id: number }>(
    'SELECT id::int FROM contact_submissions WHERE submission_id = $1',
    [submissionId],
  )
  return { id: Number(lead?.id), eventId: `${submissionId}:application` }
}

/** The lead's Meta row as the inbox reads it, once it is no longer `pending` (or 15 s pass). */
async function settledMetaRow(lead: number) {
  let row: LeadConversionView | undefined
  for (let tries = 0; tries < 150; tries += 1) {
    const answer = await admin.app.inject({
      method: 'GET',
      url: `${ADMIN_API_PATH}${leadConversionsPath(lead)}`,
      headers: { cookie: session.cookie },
    })
    row = answer.json<LeadConversionView[]>().find((view) => view.platform === 'meta')
    if (row && row.state !== 'pending' && row.state !== 'retrying') break
    await sleep(100)
  }
  return row
}

describe(`the Integrations panel's test event, on ${DATABASE_TARGET}`, () => {
  it('sends Meta’s test event with its test event code, answers the trace id and audits it', async () => {
    const answer = await post(testEventPath('meta'), signedIn())
    expect(answer.statusCode, answer.body).toBe(200)
    const result = answer.json<TestEventAnswer>()
    expect(result).toEqual({
      platform: 'meta',
      status: 'sent',
      traceId: expect.stringMatching(/^Atrace/),
      reason: null,
    })
    expect(meta.events.at(-1)?.testEventCode).toBe('TEST12345')
    expect(meta.refusals).toEqual([])
    expect(await auditOf('meta')).toEqual([{ actor_email: OWNER, detail: { platform: 'meta', status: 'sent' } }])
    // It changes no state: the platform's last success is that of the leads' conversions (none yet in this file).
    const [state] = await admin.temp.db.query(
      `SELECT last_success_at, last_error, paused_at FROM conversion_platforms WHERE platform = 'meta'`,
    )
    expect(state).toEqual({ last_success_at: null, last_error: null, paused_at: null })
  })

  it('says why when it sends nothing: TikTok without a test event code, Google not configured', async () => {
    const sent = tiktok.events.length
    const tiktokAnswer = (await post(testEventPath('tiktok'), signedIn())).json<TestEventAnswer>()
    expect(tiktokAnswer).toMatchObject({ status: 'skipped', reason: expect.stringContaining('TIKTOK_TEST_EVENT_CODE') })
    expect(tiktok.events).toHaveLength(sent)
    const googleAnswer = (await post(testEventPath('google'), signedIn())).json<TestEventAnswer>()
    expect(googleAnswer).toEqual({
      platform: 'google',
      status: 'skipped',
      traceId: null,
      reason: 'google is not configured',
    })
  })

  it('refuses a forged, a signed-out and an unknown platform’s test, sending nothing', async () => {
    const sent = meta.events.length
    const forged = await post(testEventPath('meta'), { cookie: session.cookie })
    expect(forged.statusCode).toBe(403)
    expect((await post(testEventPath('meta'), {})).statusCode).toBe(401)
    const unknown = await post('/conversions/platforms/snapchat/test', signedIn())
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'no such ad platform' })
    expect(meta.events).toHaveLength(sent)
    expect(await auditOf('snapchat')).toEqual([])
  })

  it('resends a failed conversion for real: the row is due again, then sent under the same event id', async () => {
    const lead = await applyWithConsent()
    expect(await settledMetaRow(lead.id)).toMatchObject({ state: 'sent', traceId: expect.stringMatching(/^Atrace/) })
    const [row] = await admin.temp.db.query<{ id: number }>(
      `UPDATE lead_conversions SET state = 'failed', reason = 'invalid parameter', finished_at = now()
       WHERE application_id = $1 AND platform = 'meta' RETURNING id::int`,
      [lead.id],
    )
    expect((await post(resendConversionPath(Number(row?.id)), { cookie: session.cookie })).statusCode).toBe(403)
    expect((await post(resendConversionPath(Number(row?.id)), signedIn())).statusCode).toBe(204)
    expect(await settledMetaRow(lead.id)).toMatchObject({ state: 'sent', reason: null })
    expect(meta.events.filter(({ event }) => event.event_id === lead.eventId)).toHaveLength(2)
  })
})
