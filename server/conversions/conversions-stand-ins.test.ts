import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADS_CONSENT_FIELD } from '../../common/ads-consent.ts'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { startGoogleStandIn } from '../testing/ad-platforms/google-stand-in.ts'
import { startMetaStandIn } from '../testing/ad-platforms/meta-stand-in.ts'
import { startTiktokStandIn } from '../testing/ad-platforms/tiktok-stand-in.ts'
import { calendlyDelivery, calendlyInviteeUri } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { CLIENT_HEADERS, columnsOf } from '../testing/submission-app.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

// The whole way, with nothing scripted: an application posted to the app
// configured for all three platforms, its rows written by the triggers, the
// worker's batches sent over the wire to the stand-ins of Meta, Google Ads and
// TikTok, which check the platforms' documented contract.
const temp = useTempDatabase()
const META = { pixelId: '123456789012345', accessToken: 'EAAB-whole-way-token' }
const GOOGLE = {
  customerId: '1234567890',
  developerToken: 'whole-way-developer-token',
  clientId: 'whole-way.apps.googleusercontent.com',
  clientSecret: 'whole-way-client-secret',
  refreshToken: '1//whole-way-refresh-token',
}
const CALENDLY_KEY = 'calendly-signing-key-whole-way-0123'
const TIKTOK = { pixelCode: 'CWHOLEWAYPIXEL01', accessToken: 'tiktok-whole-way-token' }
let meta: Awaited<ReturnType<typeof startMetaStandIn>>
let google: Awaited<ReturnType<typeof startGoogleStandIn>>
let tiktok: Awaited<ReturnType<typeof startTiktokStandIn>>
let app: FastifyInstance

beforeAll(async () => {
  ;[meta, google, tiktok] = await Promise.all([
    startMetaStandIn(META),
    startGoogleStandIn(GOOGLE),
    startTiktokStandIn(TIKTOK),
  ])
  const config = parseConfig({
    SUBMIT_RATE_LIMIT: '0',
    CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY,
    META_PIXEL_ID: META.pixelId,
    META_ACCESS_TOKEN: META.accessToken,
    META_API_URL: meta.url,
    GOOGLE_ADS_CUSTOMER_ID: GOOGLE.customerId,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE.developerToken,
    GOOGLE_ADS_CLIENT_ID: GOOGLE.clientId,
    GOOGLE_ADS_CLIENT_SECRET: GOOGLE.clientSecret,
    GOOGLE_ADS_REFRESH_TOKEN: GOOGLE.refreshToken,
    GOOGLE_ADS_CONVERSION_ACTIONS: 'application=11,booked=12,showed=13,won=14',
    GOOGLE_ADS_API_URL: google.url,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    TIKTOK_PIXEL_CODE: TIKTOK.pixelCode,
    TIKTOK_ACCESS_TOKEN: TIKTOK.accessToken,
    TIKTOK_API_URL: tiktok.url,
  })
  app = buildApp({ config, db: temp.db })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await Promise.all([meta.close(), google.close(), tiktok.close()])
})

/** Posts one application as the page does, from an ad click on each platform; resolves to its submission id. */
async function apply(consent: boolean) {
  const submissionId = randomUUID()
  const touch = {
    utm_source: 'ig',
    fbclid: 'IwAR-Whole_Way',
    gclid: 'EAIaIQ-whole-way',
    ttclid: 'E.C.P.whole-way',
    landing_path: '/',
    captured_at: new Date(Date.now() - 600_000).toISOString(),
  }
  const row = {
    ...validAnswers({ submission_id: submissionId }),
    attribution: { first_touch: touch, last_touch: touch },
    ...(consent && { [ADS_CONSENT_FIELD]: true }),
  }
  const response = await app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + columnsOf([row]),
    headers: { ...CLIENT_HEADERS, 'user-agent': 'Mozilla/5.0 Whole way', referer: 'https://brand.example/?fbclid=x' },
    payload: JSON.stringify([row]),
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return submissionId
}

const received = (eventId: string) => ({
  meta: meta.events.filter(({ event }) => event.event_id === eventId).length,
  google: google.conversions.has(eventId) ? 1 : 0,
  tiktok: tiktok.events.filter(({ event }) => event.event_id === eventId).length,
})

/** Waits until each stand-in holds the event once (or 15 s pass), then says what each holds. */
async function delivered(eventId: string) {
  for (let tries = 0; tries < 150; tries += 1) {
    const counts = received(eventId)
    if (counts.meta + counts.google + counts.tiktok >= 3) break
    await sleep(100)
  }
  return received(eventId)
}

describe(`conversions the whole way to the platforms' stand-ins, on ${DATABASE_TARGET}`, () => {
  it('sends an application with consent to each platform once, under <submission_id>:application', async () => {
    const eventId = `${await apply(true)}:application`
    expect(await delivered(eventId)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    expect(google.conversions.get(eventId)).toMatchObject({ gclid: 'EAIaIQ-whole-way' })
    expect([meta.refusals, tiktok.refusals]).toEqual([[], []])
  })

  it('sends nothing for an application without consent, and says why', async () => {
    const submissionId = await apply(false)
    const reasons = async () =>
      temp.db.query<{ state: string; reason: string | null }>(
        `SELECT c.state, c.reason FROM lead_conversions c JOIN contact_submissions s ON s.id = c.application_id
         WHERE s.submission_id = $1`,
        [submissionId],
      )
    for (let tries = 0; tries < 150 && (await reasons()).some((row) => row.state === 'pending'); tries += 1)
      await sleep(100)
    const rows = await reasons()
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(row).toEqual({ state: 'skipped', reason: 'no consent' })
    expect(received(`${submissionId}:application`)).toEqual({ meta: 0, google: 0, tiktok: 0 })
  })

  it('sends the booking (a Calendly webhook), then the showed call and the won deal with its amount, once each', async () => {
    const submissionId = await apply(true)
    const { body, headers } = calendlyDelivery(
      'invitee.created',
      { uri: calendlyInviteeUri(), salesforceUuid: submissionId },
      { key: CALENDLY_KEY },
    )
    const booked = await app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS.calendly, headers, payload: body })
    expect(booked.statusCode, booked.body).toBe(200)
    expect(await delivered(`${submissionId}:booked`)).toEqual({ meta: 1, google: 1, tiktok: 1 })

    // The rows a closer's outcomes write (lead_outcomes, ADR 040): showed, then won with 1,500.50 USD.
    for (const [outcome, amount] of [
      ['showed', null],
      ['won', 150_050],
    ] as const) {
      await temp.db.query(
        `INSERT INTO lead_outcomes (application_id, outcome, amount_minor, currency, author)
         SELECT id, $2, $3, $4, 'closer@example.com' FROM contact_submissions WHERE submission_id = $1`,
        [submissionId, outcome, amount, amount === null ? null : 'USD'],
      )
    }
    expect(await delivered(`${submissionId}:showed`)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    expect(await delivered(`${submissionId}:won`)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    const won = meta.events.find(({ event }) => event.event_id === `${submissionId}:won`)?.event
    expect(won).toMatchObject({ event_name: 'Purchase', custom_data: { value: 1500.5, currency: 'USD' } })
    expect(google.conversions.get(`${submissionId}:won`)).toMatchObject({
      conversionValue: 1500.5,
      currencyCode: 'USD',
    })
  })
})
