import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { ADS_CONSENT_FIELD } from '../../common/ads-consent.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { useStandInInbox } from '../testing/ad-platforms/stand-in-inbox.ts'
import { calendlyInviteeUri } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { CLIENT_HEADERS, columnsOf } from '../testing/submission-app.ts'

// The whole way, with nothing scripted: an application posted to the app
// configured for all three platforms, its booking by Calendly's webhook, its
// outcomes entered by a signed-in closer through the inbox's route (CSRF
// token and all), its rows written by the triggers, the worker's batches sent
// over the wire to the stand-ins of Meta, Google Ads and TikTok, which check
// the platforms' documented contract.
const way = useStandInInbox()

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
  const response = await way.app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + columnsOf([row]),
    headers: { ...CLIENT_HEADERS, 'user-agent': 'Mozilla/5.0 Whole way', referer: 'https://brand.example/?fbclid=x' },
    payload: JSON.stringify([row]),
  })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return submissionId
}

describe(`conversions the whole way to the platforms' stand-ins, on ${DATABASE_TARGET}`, () => {
  it('sends an application with consent to each platform once, under <submission_id>:application', async () => {
    const eventId = `${await apply(true)}:application`
    expect(await way.delivered(eventId)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    expect(way.standIns.google.conversions.get(eventId)).toMatchObject({ gclid: 'EAIaIQ-whole-way' })
    expect([way.standIns.meta.refusals, way.standIns.tiktok.refusals]).toEqual([[], []])
  })

  it('sends nothing for an application without consent, and says why', async () => {
    const submissionId = await apply(false)
    const reasons = async () =>
      way.db.query<{ state: string; reason: string | null }>(
        `SELECT c.state, c.reason FROM lead_conversions c JOIN contact_submissions s ON s.id = c.application_id
         WHERE s.submission_id = $1`,
        [submissionId],
      )
    for (let tries = 0; tries < 150 && (await reasons()).some((row) => row.state === 'pending'); tries += 1)
      await sleep(100)
    const rows = await reasons()
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(row).toEqual({ state: 'skipped', reason: 'no consent' })
    expect(way.received(`${submissionId}:application`)).toEqual({ meta: 0, google: 0, tiktok: 0 })
  })

  it('sends the booking (a Calendly webhook), then the showed call and the won deal entered in the inbox, once each', async () => {
    const submissionId = await apply(true)
    const booked = await way.calendly('invitee.created', { uri: calendlyInviteeUri(), salesforceUuid: submissionId })
    expect(booked.statusCode, booked.body).toBe(200)
    expect(await way.delivered(`${submissionId}:booked`)).toEqual({ meta: 1, google: 1, tiktok: 1 })

    // A closer enters them after the call: showed, then won with 1,500.50 USD.
    const lead = await way.leadId(submissionId)
    for (const outcome of [{ outcome: 'showed' }, { outcome: 'won', amount: '1500.50', currency: 'USD' }]) {
      const entered = await way.call('POST', `/leads/${lead}/outcome`, outcome)
      expect(entered.statusCode, entered.body).toBe(201)
    }
    expect(await way.delivered(`${submissionId}:showed`)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    expect(await way.delivered(`${submissionId}:won`)).toEqual({ meta: 1, google: 1, tiktok: 1 })
    const won = way.standIns.meta.events.find(({ event }) => event.event_id === `${submissionId}:won`)?.event
    expect(won).toMatchObject({ event_name: 'Purchase', custom_data: { value: 1500.5, currency: 'USD' } })
    expect(way.standIns.google.conversions.get(`${submissionId}:won`)).toMatchObject({
      conversionValue: 1500.5,
      currencyCode: 'USD',
    })
  })
})
