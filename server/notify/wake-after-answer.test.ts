import { randomBytes, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { BULK_NOT_SPAM_PATH } from '../../common/lead-list-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { createAdminAccount, signIn, type SignedIn } from '../testing/admin-session.ts'
import { calcomDelivery, calendlyDelivery, type Delivery } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startReceiver } from '../testing/http-receiver.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

// Each route that queues news wakes the notifier itself once it has answered (notifications.ts). The app's
// notifier here polls once an hour: after its first look at start, only a wake sends anything.
const AN_HOUR = 3_600_000
const KEY = 'calendly-signing-key-for-tests-0123'
const SECRET = 'calcom-webhook-secret-for-tests-0123'
const PASSWORD = 'correct horse battery'

const temp = useTempDatabase()
let receiver: Awaited<ReturnType<typeof startReceiver>>
let app: FastifyInstance
let session: SignedIn

/** Resolves once lead `id`'s news of `event` has been delivered `times` times; a few seconds at most, far short of a poll. */
async function delivered(id: number, event: string, times = 1) {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = await temp.db.query<{ attempts: number }>(
      `SELECT count(*)::int AS attempts FROM lead_delivery_attempts a JOIN lead_deliveries d ON d.id = a.delivery_id
       WHERE d.application_id = $1 AND d.event = $2 AND a.status = 200`,
      [id, event],
    )
    if ((row?.attempts ?? 0) >= times) return
    await sleep(50)
  }
  throw new Error(`lead ${id}: ${event} not delivered ${times} time(s) without a poll`)
}

const submissionIdOf = async (id: number) =>
  (
    await temp.db.query<{ id: string }>('SELECT submission_id::text AS id FROM contact_submissions WHERE id = $1', [id])
  )[0]?.id ?? ''

const signedIn = () => ({ cookie: session.cookie, [CSRF_HEADER]: session.csrfToken })

const postBooking = (provider: 'calendly' | 'calcom', { body, headers }: Delivery) =>
  app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS[provider], payload: body, headers })

beforeAll(async () => {
  receiver = await startReceiver()
  app = buildApp({
    config: parseConfig({
      WEB_ROOT: '/nonexistent',
      LEAD_WEBHOOK_URL: receiver.url('/hook'),
      LEAD_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      CALENDLY_WEBHOOK_SIGNING_KEY: KEY,
      CALCOM_WEBHOOK_SECRET: SECRET,
    }),
    db: temp.db,
    notifierPollMs: AN_HOUR,
  })
  // Stored before the start, so the notifier's first look sends it: once it is delivered, that look is over.
  const first = await insertApplication(temp.db)
  await app.ready()
  await delivered(first, 'application.created')
  session = await signIn(app, await createAdminAccount(temp.db, `wake-${randomUUID()}@example.com`, PASSWORD), PASSWORD)
})
afterAll(async () => {
  await app.close()
  await receiver.close()
})

describe(`the routes that queue news wake the notifier at once, on ${DATABASE_TARGET}`, () => {
  it('an application stored through the server', async () => {
    const submissionId = randomUUID()
    const answer = await app.inject({
      method: 'POST',
      url: CONTACT_SUBMISSIONS_PATH,
      payload: [{ ...validAnswers(), submission_id: submissionId }],
    })
    expect(answer.statusCode).toBe(201)
    const [lead] = await temp.db.query<{ id: string }>(
      'SELECT id::text FROM contact_submissions WHERE submission_id = $1',
      [submissionId],
    )
    await delivered(Number(lead?.id), 'application.created')
  })

  it('a lead taken out of spam, alone or in bulk', async () => {
    const [alone, inBulk] = [
      await insertApplication(temp.db, { spam: true }),
      await insertApplication(temp.db, { spam: true }),
    ]
    const single = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/leads/${alone}/not-spam`,
      headers: signedIn(),
    })
    expect(single.statusCode).toBe(200)
    await delivered(alone, 'application.created')
    const bulk = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}${BULK_NOT_SPAM_PATH}`,
      headers: signedIn(),
      payload: { ids: [inBulk] },
    })
    expect(bulk.json()).toEqual({ moved: 1 })
    await delivered(inBulk, 'application.created')
  })

  it('a delivery sent again from the inbox', async () => {
    const lead = await insertApplication(temp.db)
    // Not woken by its insert: it waits for the next look, which a route's wake brings.
    const [delivery] = await temp.db.query<{ id: string }>(
      'SELECT id::text FROM lead_deliveries WHERE application_id = $1',
      [lead],
    )
    expect(delivery).toBeUndefined()
    const other = await insertApplication(temp.db, { spam: true })
    await app.inject({ method: 'POST', url: `${ADMIN_API_PATH}/leads/${other}/not-spam`, headers: signedIn() })
    await delivered(lead, 'application.created')
    const [sent] = await temp.db.query<{ id: string }>(
      'SELECT id::text FROM lead_deliveries WHERE application_id = $1',
      [lead],
    )
    const answer = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/deliveries/${sent?.id}/resend`,
      headers: signedIn(),
    })
    expect(answer.statusCode).toBe(204)
    await delivered(lead, 'application.created', 2)
  })

  it('a booking from Calendly and from Cal.com', async () => {
    const [viaCalendly, viaCalcom] = [await insertApplication(temp.db), await insertApplication(temp.db)]
    const calendly = calendlyDelivery(
      'invitee.created',
      { salesforceUuid: await submissionIdOf(viaCalendly), email: `${randomUUID()}@example.com` },
      { key: KEY },
    )
    expect((await postBooking('calendly', calendly)).statusCode).toBe(200)
    await delivered(viaCalendly, 'booking.created')
    const calcom = calcomDelivery(
      'BOOKING_CREATED',
      { applicationId: await submissionIdOf(viaCalcom), email: `${randomUUID()}@example.com` },
      { secret: SECRET },
    )
    expect((await postBooking('calcom', calcom)).statusCode).toBe(200)
    await delivered(viaCalcom, 'booking.created')
  })
})
