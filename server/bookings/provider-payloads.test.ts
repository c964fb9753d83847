import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { calcomDelivery, calendlyDelivery, calendlyInviteeUri, type Delivery } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startReceiver } from '../testing/http-receiver.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { deleteExpiredBookingRecords, RECEIPT_DAYS } from './booking-retention.ts'
import { CALCOM_MAX_AGE_DAYS } from './signatures.ts'

// The findings of an outside review that built deliveries from Calendly's API
// reference and Cal.com's source, signed as each signs; each test names where
// its payload's shape comes from (the senders in server/testing/booking-senders.ts).

const KEY = 'calendly-signing-key-for-tests-0123'
const SECRET = 'calcom-webhook-secret-for-tests-0123'
const DAY_MS = 86_400_000

const temp = useTempDatabase()
let receiver: Awaited<ReturnType<typeof startReceiver>>
let app: FastifyInstance
beforeAll(async () => {
  receiver = await startReceiver()
  // A channel, so every announcement queued becomes a delivery that stays on record.
  app = buildApp({
    config: parseConfig({
      CALENDLY_WEBHOOK_SIGNING_KEY: KEY,
      CALCOM_WEBHOOK_SECRET: SECRET,
      LEAD_WEBHOOK_URL: receiver.url('/hook'),
      LEAD_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
    }),
    db: temp.db,
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await receiver.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const post = ({ body, headers }: Delivery) => {
  const provider = 'calendly-webhook-signature' in headers ? 'calendly' : 'calcom'
  return app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS[provider], headers, payload: body })
}
const calcom = (trigger: string, booking: Parameters<typeof calcomDelivery>[1], createdAt = new Date().toISOString()) =>
  calcomDelivery(trigger, booking, { secret: SECRET, createdAt })
const calendly = (
  event: string,
  invitee: Parameters<typeof calendlyDelivery>[1],
  createdAt = new Date().toISOString(),
) => calendlyDelivery(event, invitee, { key: KEY, createdAt })
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

async function newLead({ spam = false } = {}) {
  const email = `lead-${Math.random().toString(36).slice(2)}@example.com`
  const id = await insertApplication(temp.db, { spam, answers: { email } })
  const [row] = await temp.db.query<{ submission_id: string }>(
    'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
    [id],
  )
  return { id, submissionId: row?.submission_id ?? '', email }
}

const bookingOf = async (provider: string, id: string) =>
  (
    await temp.db.query<{ application_id: number | null; state: string; cancel_reason: string | null }>(
      'SELECT application_id::int, state, cancel_reason FROM bookings WHERE provider = $1 AND provider_booking_id = $2',
      [provider, id],
    )
  )[0]
const historyOf = async (provider: string, id: string) =>
  (
    await temp.db.query<{ kind: string }>(
      `SELECT e.kind FROM booking_events e JOIN bookings b ON b.id = e.booking_id
       WHERE b.provider = $1 AND b.provider_booking_id = $2 ORDER BY e.occurred_at, e.id`,
      [provider, id],
    )
  ).map((row) => row.kind)
const statusOf = async (applicationId: number) => {
  const [row] = await temp.db.query<{ status: string }>('SELECT status FROM lead_pipeline WHERE application_id = $1', [
    applicationId,
  ])
  const changes = await temp.db.query<{ to_status: string }>(
    'SELECT to_status FROM lead_status_changes WHERE application_id = $1',
    [applicationId],
  )
  return { status: row?.status, changes: changes.map((change) => change.to_status) }
}
/**
 * The booking events of the lead that were announced, oldest first: still in
 * the outbox, or already made into deliveries (the notifier moves them in one
 * statement, so each is in exactly one of the two).
 */
const announced = async (applicationId: number) =>
  (
    await temp.db.query<{ event: string }>(
      `SELECT event FROM (
         SELECT 'booking.' || e.kind AS event, e.id FROM lead_outbox o JOIN booking_events e ON e.id = o.booking_event_id
         WHERE o.application_id = $1
         UNION
         SELECT d.event, d.booking_event_id FROM lead_deliveries d WHERE d.application_id = $1 AND d.booking_event_id IS NOT NULL
       ) a ORDER BY id`,
      [applicationId],
    )
  ).map((row) => row.event)

describe(`booking webhooks with the providers' own payloads on ${DATABASE_TARGET}`, () => {
  // a. Calendly's invitee payload (developer.calendly.com, "Webhook payload", invitee.created:
  // tracking.salesforce_uuid); Cal.com's BOOKING_CREATED as calcom/cal.com
  // packages/features/bookings/lib/handleNewBooking.ts sends it (metadata from the booking link).
  it('a. keeps a booking of a spam entry on it, but books nothing and announces nothing', async () => {
    const spam = await newLead({ spam: true })
    const lead = await newLead()
    const spamStatus = await statusOf(spam.id)
    const spamBooking = calendlyInviteeUri()
    const leadBooking = calendlyInviteeUri()
    expect(
      (await post(calendly('invitee.created', { uri: spamBooking, salesforceUuid: spam.submissionId }))).json(),
    ).toEqual({
      received: true,
      applied: true,
    })
    await post(calendly('invitee.created', { uri: leadBooking, salesforceUuid: lead.submissionId }))
    const spamCalcom = `cal-${randomUUID()}`
    await post(calcom('BOOKING_CREATED', { uid: spamCalcom, applicationId: spam.submissionId }))
    await post(calcom('BOOKING_CANCELLED', { uid: spamCalcom, cancellationReason: 'changed my mind' }))

    expect(await bookingOf('calendly', spamBooking)).toEqual({
      application_id: spam.id,
      state: 'scheduled',
      cancel_reason: null,
    })
    expect(await bookingOf('calcom', spamCalcom)).toMatchObject({ application_id: spam.id, state: 'canceled' })
    expect(await historyOf('calcom', spamCalcom)).toEqual(['created', 'canceled'])
    expect(await statusOf(spam.id)).toEqual(spamStatus)
    expect(await announced(spam.id)).toEqual([])
    // The same delivery for a lead books and announces it.
    expect(await statusOf(lead.id)).toEqual({ status: 'booked', changes: ['booked'] })
    expect(await announced(lead.id)).toEqual(['booking.created'])
  })

  // b. Cal.com signs no time: the envelope's createdAt is set when it sends
  // (calcom/cal.com packages/features/webhooks/lib/sendPayload.ts, `createdAt: new Date().toISOString()`).
  it(`b. does not apply a Cal.com delivery replayed after its receipt is swept: older than ${CALCOM_MAX_AGE_DAYS} days, it is answered 200 and changes nothing`, async () => {
    const lead = await newLead()
    const uid = `cal-${randomUUID()}`
    const sentAt = Date.now() - (RECEIPT_DAYS + 1) * DAY_MS
    const delivery = calcom(
      'BOOKING_CREATED',
      { uid, applicationId: lead.submissionId },
      new Date(sentAt).toISOString(),
    )
    // Delivered when Cal.com sent it, 31 days ago, and applied.
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() - (RECEIPT_DAYS + 1) * DAY_MS)
    expect((await post(delivery)).json()).toEqual({ received: true, applied: true })
    vi.restoreAllMocks()
    await temp.db.query(
      `UPDATE booking_receipts SET received_at = now() - $2::int * interval '1 day' WHERE provider = 'calcom' AND key LIKE $1`,
      [`% ${uid} %`, RECEIPT_DAYS + 1],
    )
    await deleteExpiredBookingRecords(temp.db, undefined)
    expect(
      await temp.db.query(`SELECT 1 FROM booking_receipts WHERE provider = 'calcom' AND key LIKE $1`, [`% ${uid} %`]),
    ).toEqual([])

    // The same bytes, today.
    const replay = await post(delivery)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ received: true, applied: false })
    expect(await historyOf('calcom', uid)).toEqual(['created'])
    expect(await statusOf(lead.id)).toEqual({ status: 'booked', changes: ['booked'] })
    expect(await announced(lead.id)).toEqual(['booking.created'])

    // The window's edges: a week and a day old, or two days ahead, is not applied; six days old is.
    const other = await newLead()
    for (const [days, applied] of [
      [CALCOM_MAX_AGE_DAYS + 1, false],
      [-2, false],
      [CALCOM_MAX_AGE_DAYS - 1, true],
    ] as const) {
      const made = new Date(Date.now() - days * DAY_MS).toISOString()
      const answer = await post(
        calcom('BOOKING_CREATED', { uid: `cal-${randomUUID()}`, applicationId: other.submissionId }, made),
      )
      expect([days, answer.json()]).toEqual([days, { received: true, applied }])
    }
    expect(await announced(other.id)).toEqual(['booking.created'])
  })

  // c. Calendly's invitee_no_show.created carries `no_show: {uri, created_at}`; its
  // invitee_no_show.deleted sample carries `no_show: null` (developer.calendly.com, "Webhook payload"
  // and "Get sample webhook data", event=invitee_no_show.deleted). Only the envelope's created_at differs.
  it('c. applies every Calendly no-show mark and removal in turn, while a replay of one still applies once', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    await post(calendly('invitee.created', { uri, salesforceUuid: lead.submissionId }, minutesAgo(60)))
    const states: string[] = []
    let removal: Delivery | undefined
    for (let round = 0; round < 3; round++) {
      const markedAt = minutesAgo(30 - round * 10)
      const mark = { uri: `https://api.calendly.com/invitee_no_shows/${randomUUID()}`, created_at: markedAt }
      await post(calendly('invitee_no_show.created', { uri, noShow: mark }, markedAt))
      states.push((await bookingOf('calendly', uri))?.state ?? '')
      removal = calendly('invitee_no_show.deleted', { uri, noShow: null }, minutesAgo(25 - round * 10))
      expect((await post(removal)).json()).toEqual({ received: true, applied: true })
      states.push((await bookingOf('calendly', uri))?.state ?? '')
    }
    expect(states).toEqual(['no_show', 'scheduled', 'no_show', 'scheduled', 'no_show', 'scheduled'])
    // The last removal sent again: the same bytes, the same key.
    if (removal === undefined) throw new Error('no removal was sent')
    expect((await post(removal)).json()).toEqual({ received: true, applied: false })
    expect(await historyOf('calendly', uri)).toEqual([
      'created',
      'no_show',
      'no_show_removed',
      'no_show',
      'no_show_removed',
      'no_show',
      'no_show_removed',
    ])
    expect(await announced(lead.id)).toEqual([
      'booking.created',
      'booking.no_show',
      'booking.no_show',
      'booking.no_show',
    ])
  })

  // d. Cal Video's own check: calcom/cal.com packages/features/tasker/tasks/triggerNoShow/
  // (common.ts sendWebhookPayload: {title, bookingId, bookingUid, startTime, endTime, attendees,
  // participants, hostEmail?, eventType, webhook, message}; triggerGuestNoShow.ts, triggerHostNoShow.ts).
  it("d. marks a Cal.com booking no-show on Cal Video's guest no-show, once, and leaves it as it is for the host's", async () => {
    const lead = await newLead()
    const uid = `cal-${randomUUID()}`
    await post(calcom('BOOKING_CREATED', { uid, applicationId: lead.submissionId }, minutesAgo(60)))
    const guests = await post(calcom('AFTER_GUESTS_CAL_VIDEO_NO_SHOW', { uid, email: lead.email }, minutesAgo(20)))
    expect(guests.json()).toEqual({ received: true, applied: true })
    expect(await bookingOf('calcom', uid)).toMatchObject({ application_id: lead.id, state: 'no_show' })
    // Newer Cal.com versions also report the attendee's mark it made: no second announcement.
    await post(calcom('BOOKING_NO_SHOW_UPDATED', { uid, email: lead.email, noShow: true }, minutesAgo(19)))
    expect(await historyOf('calcom', uid)).toEqual(['created', 'no_show'])

    // The host did not join: the applicant is no no-show for it.
    const hostMissed = `cal-${randomUUID()}`
    await post(calcom('BOOKING_CREATED', { uid: hostMissed, applicationId: lead.submissionId }, minutesAgo(60)))
    const hosts = await post(
      calcom('AFTER_HOSTS_CAL_VIDEO_NO_SHOW', { uid: hostMissed, hostEmail: 'host@agency.example' }, minutesAgo(20)),
    )
    expect(hosts.json()).toEqual({ received: true, applied: false })
    expect(await bookingOf('calcom', hostMissed)).toMatchObject({ state: 'scheduled' })
    expect(await historyOf('calcom', hostMissed)).toEqual(['created'])

    // To chase for the guest's no-show, then booked again by the second booking (ADR 040).
    expect(await statusOf(lead.id)).toEqual({ status: 'booked', changes: ['booked', 'to_chase', 'booked'] })
    expect(await announced(lead.id)).toEqual(['booking.created', 'booking.no_show', 'booking.created'])
  })

  // e. calcom/cal.com packages/features/bookings/lib/handleNewBooking.ts sends BOOKING_REQUESTED
  // (status PENDING, the booking's metadata) for an event type that needs confirmation;
  // packages/features/bookings/lib/handleConfirmation.ts then sends BOOKING_CREATED with the same
  // uid and `metadata: {videoCallUrl}` only.
  it("e. matches a Cal.com booking the host confirmed by the uid of its request, though the applicant's email changed", async () => {
    const lead = await newLead()
    const uid = `cal-${randomUUID()}`
    const requested = await post(
      calcom('BOOKING_REQUESTED', { uid, applicationId: lead.submissionId, email: lead.email }, minutesAgo(30)),
    )
    expect(requested.json()).toEqual({ received: true, applied: true })
    // Awaiting the host: no booking, no status, nothing announced.
    expect(await bookingOf('calcom', uid)).toBeUndefined()
    expect(await statusOf(lead.id)).toEqual({ status: 'new', changes: [] })
    expect(await announced(lead.id)).toEqual([])

    const confirmed = calcom('BOOKING_CREATED', {
      uid,
      email: 'typed-another-address@example.com',
      metadata: { videoCallUrl: 'https://app.cal.com/video/abc' },
    })
    expect((await post(confirmed)).json()).toEqual({ received: true, applied: true })
    expect(await bookingOf('calcom', uid)).toEqual({ application_id: lead.id, state: 'scheduled', cancel_reason: null })
    expect(await statusOf(lead.id)).toEqual({ status: 'booked', changes: ['booked'] })
    expect(await announced(lead.id)).toEqual(['booking.created'])

    // Without its request, the same confirmation matches no lead.
    const unrequested = `cal-${randomUUID()}`
    await post(
      calcom('BOOKING_CREATED', { uid: unrequested, email: 'typed-another-address@example.com', metadata: {} }),
    )
    expect(await bookingOf('calcom', unrequested)).toMatchObject({ application_id: null })
  })

  // f. calcom/cal.com packages/trpc/server/routers/viewer/bookings/requestReschedule.handler.ts: the
  // booking is cancelled and BOOKING_CANCELLED sent with `cancellationReason: "Please reschedule. <reason>"`
  // and `requestReschedule: true` (BookingWebhookFactory.createCancelledEventPayload), cancelledBy the host.
  it("f. announces a host's request to reschedule as a cancel with its reason, and the applicant's new booking as a reschedule", async () => {
    const lead = await newLead()
    const uid = `cal-${randomUUID()}`
    await post(calcom('BOOKING_CREATED', { uid, applicationId: lead.submissionId }, minutesAgo(30)))
    const asked = await post(
      calcom(
        'BOOKING_CANCELLED',
        { uid, requestReschedule: true, cancellationReason: 'Please reschedule. The host is ill' },
        minutesAgo(20),
      ),
    )
    expect(asked.json()).toEqual({ received: true, applied: true })
    expect(await bookingOf('calcom', uid)).toEqual({
      application_id: lead.id,
      state: 'canceled',
      cancel_reason: 'Please reschedule. The host is ill',
    })
    expect(await announced(lead.id)).toEqual(['booking.created', 'booking.canceled'])

    const rebooked = `cal-${randomUUID()}`
    await post(calcom('BOOKING_RESCHEDULED', { uid: rebooked, rescheduleUid: uid, metadata: {} }, minutesAgo(10)))
    expect(await bookingOf('calcom', rebooked)).toMatchObject({ application_id: lead.id, state: 'scheduled' })
    expect(await announced(lead.id)).toEqual(['booking.created', 'booking.canceled', 'booking.rescheduled'])
  })
})
