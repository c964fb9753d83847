import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { calcomDelivery, calendlyDelivery, calendlyInviteeUri, type Delivery } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { startNotificationChannels, until, type NotificationChannels } from '../testing/notification-channels.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

const KEY = 'calendly-signing-key-for-tests-0123'
const SECRET = 'calcom-webhook-secret-for-tests-0123'

const temp = useTempDatabase()
let channels: NotificationChannels

beforeAll(async () => {
  channels = await startNotificationChannels()
})
afterAll(async () => {
  await channels.close()
})

/** The app with every channel, on loopback receivers; booking events emailed or not. */
async function appWithChannels({ emailBookings }: { emailBookings: boolean }) {
  const app = buildApp({
    config: parseConfig({
      ...channels.env,
      CALENDLY_WEBHOOK_SIGNING_KEY: KEY,
      CALCOM_WEBHOOK_SECRET: SECRET,
      LEAD_EMAIL_BOOKINGS: String(emailBookings),
    }),
    db: temp.db,
  })
  await app.ready()
  return app
}

const post = (app: FastifyInstance, provider: 'calendly' | 'calcom', { body, headers }: Delivery) =>
  app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS[provider], headers, payload: body })

async function newLead(name: string) {
  const email = `lead-${Math.random().toString(36).slice(2)}@example.com`
  const id = await insertApplication(temp.db, { answers: { email, name } })
  const [row] = await temp.db.query<{ submission_id: string }>(
    'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
    [id],
  )
  return { id, submissionId: row?.submission_id ?? '', email }
}

const webhooksAbout = (id: number) => channels.webhooksAbout(id)
const slackAbout = (id: number) => channels.slackAbout(id)

describe(`booking notifications on ${DATABASE_TARGET}`, () => {
  it('announce a booking, its reschedule, its cancel and a no-show to the webhooks and Slack, signed, with the application id', async () => {
    const app = await appWithChannels({ emailBookings: false })
    try {
      const lead = await newLead('Grace Hopper')
      await until(() => webhooksAbout(lead.id).length === 1, 'application.created')
      const first = calendlyInviteeUri()
      const second = calendlyInviteeUri()
      const sent = [
        calendlyDelivery(
          'invitee.created',
          { uri: first, email: lead.email, salesforceUuid: lead.submissionId },
          { key: KEY },
        ),
        // Calendly's reschedule: the old invitee is canceled pointing at the new one, which is created naming the old.
        calendlyDelivery(
          'invitee.canceled',
          { uri: first, email: lead.email, rescheduled: true, newInvitee: second },
          { key: KEY },
        ),
        calendlyDelivery(
          'invitee.created',
          {
            uri: second,
            email: lead.email,
            oldInvitee: first,
            startTime: '2026-12-02T09:00:00.000000Z',
            endTime: '2026-12-02T09:30:00.000000Z',
          },
          { key: KEY },
        ),
        calendlyDelivery(
          'invitee_no_show.created',
          {
            uri: second,
            email: lead.email,
            noShow: { uri: `${second}/no_show`, created_at: new Date().toISOString() },
          },
          { key: KEY },
        ),
      ]
      for (const delivery of sent) expect((await post(app, 'calendly', delivery)).statusCode).toBe(200)
      await until(
        () => webhooksAbout(lead.id).length === 4 && slackAbout(lead.id).length === 4,
        'the booking notifications',
      )

      const envelopes = webhooksAbout(lead.id)
      expect(envelopes.map((envelope) => envelope.type).sort()).toEqual(
        ['application.created', 'booking.created', 'booking.no_show', 'booking.rescheduled'].sort(),
      )
      const rescheduled = envelopes.find((envelope) => envelope.type === 'booking.rescheduled')
      expect(rescheduled?.data).toEqual({
        application_id: lead.id,
        submission_id: lead.submissionId,
        provider: 'calendly',
        booking_id: second,
        starts_at: '2026-12-02T09:00:00.000Z',
        ends_at: '2026-12-02T09:30:00.000Z',
        replaces: first,
      })
      // Nothing of the provider's payload beyond what is kept: not the invitee's private answers.
      expect(JSON.stringify(envelopes)).not.toContain('Private notes')
      expect(
        slackAbout(lead.id)
          .filter((text) => !text.startsWith('New application'))
          .sort(),
      ).toEqual([
        `Call booked: #${lead.id} Grace Hopper, Tue 1 Dec, 14:30 UTC · Calendly`,
        `Call rescheduled: #${lead.id} Grace Hopper, Wed 2 Dec, 09:00 UTC · Calendly`,
        `No-show: #${lead.id} Grace Hopper, Wed 2 Dec, 09:00 UTC · Calendly`,
      ])
      // Email is for new leads only unless asked.
      expect(channels.subjectsAbout(lead.id)).toEqual([])
      // The notifier records a delivery after the receiver has it: wait for the records, not only the receipt.
      const bookingStates = async () =>
        (
          await temp.db.query<{ event: string; state: string }>(
            'SELECT event, state FROM lead_deliveries WHERE application_id = $1 ORDER BY id',
            [lead.id],
          )
        )
          .filter((row) => row.event.startsWith('booking.'))
          .map((row) => row.state)
      await until(
        async () => (await bookingStates()).every((state) => state === 'delivered'),
        'the deliveries recorded',
      )
      expect(await bookingStates()).toEqual(Array.from({ length: 6 }, () => 'delivered'))
    } finally {
      await app.close()
    }
  })

  it('email booking events too with LEAD_EMAIL_BOOKINGS=true, and announce a Cal.com cancel with its reason', async () => {
    const app = await appWithChannels({ emailBookings: true })
    try {
      const lead = await newLead('Katherine Johnson')
      await until(() => webhooksAbout(lead.id).length === 1, 'application.created')
      const uid = `cal-${Math.random().toString(36).slice(2)}`
      const created = calcomDelivery(
        'BOOKING_CREATED',
        { uid, email: lead.email, applicationId: lead.submissionId },
        { secret: SECRET },
      )
      const canceled = calcomDelivery(
        'BOOKING_CANCELLED',
        { uid, email: lead.email, cancellationReason: 'Found another agency' },
        { secret: SECRET },
      )
      expect((await post(app, 'calcom', created)).statusCode).toBe(200)
      expect((await post(app, 'calcom', canceled)).statusCode).toBe(200)
      await until(() => webhooksAbout(lead.id).length === 3, 'booking.created and booking.canceled')
      const cancel = webhooksAbout(lead.id).find((envelope) => envelope.type === 'booking.canceled')
      expect(cancel?.data).toMatchObject({
        application_id: lead.id,
        provider: 'calcom',
        booking_id: uid,
        cancel_reason: 'Found another agency',
      })
      await until(() => channels.subjectsAbout(lead.id).length === 2, 'the booking emails')
      expect(channels.subjectsAbout(lead.id).sort()).toEqual([
        `Call booked: #${lead.id} Katherine Johnson, Tue 1 Dec, 14:30 UTC · Cal.com`,
        `Call cancelled: #${lead.id} Katherine Johnson, Tue 1 Dec, 14:30 UTC (Found another agency) · Cal.com`,
      ])
    } finally {
      await app.close()
    }
  })

  it('announce nothing for a booking no lead matches', async () => {
    const app = await appWithChannels({ emailBookings: false })
    try {
      const uri = calendlyInviteeUri()
      const delivery = calendlyDelivery('invitee.created', { uri, email: 'stranger@example.com' }, { key: KEY })
      expect((await post(app, 'calendly', delivery)).statusCode).toBe(200)
      // Time for a notification to go, had one been queued: the notifier looks twice a second.
      await sleep(1_000)
      const [queued] = await temp.db.query<{ outbox: number; deliveries: number }>(
        `WITH events AS (
           SELECT e.id FROM booking_events e JOIN bookings b ON b.id = e.booking_id WHERE b.provider_booking_id = $1
         )
         SELECT (SELECT count(*) FROM lead_outbox WHERE booking_event_id IN (SELECT id FROM events))::int AS outbox,
           (SELECT count(*) FROM lead_deliveries WHERE booking_event_id IN (SELECT id FROM events))::int AS deliveries`,
        [uri],
      )
      expect(queued).toEqual({ outbox: 0, deliveries: 0 })
      expect(channels.webhooks.requests.filter((request) => request.body.includes(uri))).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('100 deliveries of one booking, at once, make one booking and one booking.created webhook', async () => {
    const app = await appWithChannels({ emailBookings: false })
    try {
      const lead = await newLead('Dorothy Vaughan')
      await until(() => webhooksAbout(lead.id).length === 1, 'application.created')
      const uri = calendlyInviteeUri()
      const delivery = calendlyDelivery(
        'invitee.created',
        { uri, email: lead.email, salesforceUuid: lead.submissionId },
        { key: KEY },
      )
      const answers = await Promise.all(Array.from({ length: 100 }, () => post(app, 'calendly', delivery)))
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 100 }, () => 200))
      await until(() => webhooksAbout(lead.id).length >= 2, 'booking.created')
      // Time for any duplicate to arrive: the notifier looks twice a second.
      await sleep(1_500)
      expect(webhooksAbout(lead.id).map((envelope) => envelope.type)).toEqual([
        'application.created',
        'booking.created',
      ])
      const [bookings] = await temp.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM bookings WHERE provider_booking_id = $1',
        [uri],
      )
      expect(bookings?.count).toBe(1)
    } finally {
      await app.close()
    }
  })
})
