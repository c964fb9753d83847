import { createHmac, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { calcomDelivery, calendlyDelivery, calendlyInviteeUri, type Delivery } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { failingDatabase } from '../testing/temp-database.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { REFUSAL_LIMIT } from './booking-routes.ts'

const KEY = 'calendly-signing-key-for-tests-0123'
const SECRET = 'calcom-webhook-secret-for-tests-0123'

const temp = useTempDatabase()
let app: FastifyInstance
beforeAll(async () => {
  app = buildApp({
    config: parseConfig({ CALENDLY_WEBHOOK_SIGNING_KEY: KEY, CALCOM_WEBHOOK_SECRET: SECRET }),
    db: temp.db,
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

let address = 0
/** Each test posts from its own address, so refusals counted in one do not reach another. */
const from = () => `198.51.100.${++address}`
const post = (provider: 'calendly' | 'calcom', { body, headers }: Delivery, remoteAddress = '203.0.113.9') =>
  app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS[provider], headers, payload: body, remoteAddress })
const calendly = (
  event: string,
  invitee: Parameters<typeof calendlyDelivery>[1],
  options: { t?: number; createdAt?: string } = {},
) => post('calendly', calendlyDelivery(event, invitee, { key: KEY, ...options }))
const calcom = (trigger: string, booking: Parameters<typeof calcomDelivery>[1], options: { createdAt?: string } = {}) =>
  post('calcom', calcomDelivery(trigger, booking, { secret: SECRET, ...options }))

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

/** A new lead with its own email; resolves to its id, submission_id and email. */
async function newLead({ spam = false } = {}) {
  const email = `lead-${Math.random().toString(36).slice(2)}@example.com`
  const id = await insertApplication(temp.db, { spam, answers: { email } })
  const [row] = await temp.db.query<{ submission_id: string }>(
    'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
    [id],
  )
  return { id, submissionId: row?.submission_id ?? '', email }
}

const bookingsOf = (provider: string, ids: string[]) =>
  temp.db.query<{
    provider_booking_id: string
    application_id: number | null
    state: string
    replaced_by: string | null
    cancel_reason: string | null
  }>(
    `SELECT provider_booking_id, application_id::int, state, replaced_by, cancel_reason FROM bookings
     WHERE provider = $1 AND provider_booking_id = ANY($2::text[]) ORDER BY id`,
    [provider, ids],
  )
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
  const changes = await temp.db.query<{ to_status: string; author: string }>(
    'SELECT to_status, author FROM lead_status_changes WHERE application_id = $1 ORDER BY id',
    [applicationId],
  )
  return { status: row?.status, changes }
}

describe(`booking webhooks on ${DATABASE_TARGET}`, () => {
  it('are off, answering 404, when their secrets are not set', async () => {
    const bare = buildApp({ config: parseConfig({}), db: temp.db })
    await bare.ready()
    for (const provider of ['calendly', 'calcom'] as const) {
      const answer = await bare.inject({
        method: 'POST',
        url: BOOKING_WEBHOOK_PATHS[provider],
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      })
      expect(answer.statusCode).toBe(404)
    }
    await bare.close()
  })

  it('Calendly: a booking carrying our id books its lead, recorded with Calendly as the author, and keeps none of the answers', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    const answer = await calendly('invitee.created', {
      uri,
      salesforceUuid: lead.submissionId,
      email: 'someone-else@example.com',
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ received: true, applied: true })
    expect(await bookingsOf('calendly', [uri])).toEqual([
      { provider_booking_id: uri, application_id: lead.id, state: 'scheduled', replaced_by: null, cancel_reason: null },
    ])
    const [times] = await temp.db.query<{ starts_at: string; ends_at: string }>(
      `SELECT to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS starts_at, to_char(ends_at AT TIME ZONE 'UTC', 'HH24:MI') AS ends_at
       FROM bookings WHERE provider_booking_id = $1`,
      [uri],
    )
    expect(times).toEqual({ starts_at: '2026-12-01 14:30', ends_at: '15:00' })
    expect(await statusOf(lead.id)).toEqual({
      status: 'booked',
      changes: [{ to_status: 'booked', author: 'Calendly' }],
    })
    const stored = JSON.stringify(await temp.db.query('SELECT * FROM bookings WHERE provider_booking_id = $1', [uri]))
    expect(stored).not.toContain('Private notes')
  })

  it('Calendly: refuses a delivery signed wrong, unsigned, with a malformed header or more than 5 minutes old, changing nothing', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    const good = calendlyDelivery('invitee.created', { uri, salesforceUuid: lead.submissionId }, { key: KEY })
    const cases: Delivery[] = [
      calendlyDelivery(
        'invitee.created',
        { uri, salesforceUuid: lead.submissionId },
        { key: 'another-key-of-the-same-length-0123' },
      ),
      { body: good.body, headers: { 'content-type': 'application/json' } },
      { body: good.body, headers: { ...good.headers, 'calendly-webhook-signature': 'v1=abc' } },
      // Signed right, but the body changed by one character.
      { body: good.body.replace('Ada', 'Eve'), headers: good.headers },
      calendlyDelivery(
        'invitee.created',
        { uri, salesforceUuid: lead.submissionId },
        { key: KEY, t: Math.floor(Date.now() / 1000) - 6 * 60 },
      ),
      calendlyDelivery(
        'invitee.created',
        { uri, salesforceUuid: lead.submissionId },
        { key: KEY, t: Math.floor(Date.now() / 1000) + 6 * 60 },
      ),
    ]
    const address = from()
    for (const delivery of cases) {
      const answer = await post('calendly', delivery, address)
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
    }
    expect(await bookingsOf('calendly', [uri])).toEqual([])
    expect((await statusOf(lead.id)).status).toBe('new')
  })

  it('Calendly: a replay, a cancel before its create and a reschedule chain end as the same deliveries once and in order would', async () => {
    const lead = await newLead()
    const first = calendlyInviteeUri()
    const second = calendlyInviteeUri()
    const created = calendlyDelivery(
      'invitee.created',
      { uri: first, salesforceUuid: lead.submissionId },
      { key: KEY, createdAt: '2026-11-27T10:00:00Z' },
    )
    expect((await post('calendly', created)).json()).toEqual({ received: true, applied: true })
    expect((await post('calendly', created)).json()).toEqual({ received: true, applied: false })
    // The reschedule: the new booking's create arrives before the old one's cancel, and carries no id of ours.
    await calendly('invitee.created', { uri: second, oldInvitee: first }, { createdAt: '2026-11-27T11:00:01Z' })
    await calendly(
      'invitee.canceled',
      { uri: first, salesforceUuid: lead.submissionId, rescheduled: true, newInvitee: second },
      { createdAt: '2026-11-27T11:00:00Z' },
    )
    expect(await bookingsOf('calendly', [first, second])).toEqual([
      {
        provider_booking_id: first,
        application_id: lead.id,
        state: 'canceled',
        replaced_by: second,
        cancel_reason: null,
      },
      {
        provider_booking_id: second,
        application_id: lead.id,
        state: 'scheduled',
        replaced_by: null,
        cancel_reason: null,
      },
    ])
    expect(await historyOf('calendly', first)).toEqual(['created', 'canceled'])
    expect(await historyOf('calendly', second)).toEqual(['rescheduled'])

    // A cancel that arrives before its create: canceled either way, and the lead, booked then cancelled, is to chase (ADR 040).
    const other = await newLead()
    const third = calendlyInviteeUri()
    await calendly(
      'invitee.canceled',
      { uri: third, salesforceUuid: other.submissionId, cancelReason: 'Found another agency' },
      { createdAt: '2026-11-27T12:00:00Z' },
    )
    await calendly(
      'invitee.created',
      { uri: third, salesforceUuid: other.submissionId },
      { createdAt: '2026-11-27T11:30:00Z' },
    )
    expect(await bookingsOf('calendly', [third])).toEqual([
      {
        provider_booking_id: third,
        application_id: other.id,
        state: 'canceled',
        replaced_by: null,
        cancel_reason: 'Found another agency',
      },
    ])
    expect(await historyOf('calendly', third)).toEqual(['created', 'canceled'])
    expect((await statusOf(other.id)).status).toBe('to_chase')
  })

  it('Calendly: marks and unmarks a no-show, an older mark arriving late changing nothing', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    await calendly('invitee.created', { uri, salesforceUuid: lead.submissionId })
    const mark = { uri: 'https://api.calendly.com/invitee_no_shows/1', created_at: '2026-12-01T15:05:00Z' }
    await calendly('invitee_no_show.created', { uri, noShow: mark }, { createdAt: '2026-12-01T15:05:00Z' })
    expect((await bookingsOf('calendly', [uri]))[0]?.state).toBe('no_show')
    await calendly('invitee_no_show.deleted', { uri, noShow: null }, { createdAt: '2026-12-01T15:10:00Z' })
    expect((await bookingsOf('calendly', [uri]))[0]?.state).toBe('scheduled')
    // A mark made before the unmark, delivered after it.
    await calendly('invitee_no_show.created', {
      uri,
      noShow: { ...mark, uri: 'https://api.calendly.com/invitee_no_shows/0', created_at: '2026-12-01T15:01:00Z' },
    })
    expect((await bookingsOf('calendly', [uri]))[0]?.state).toBe('scheduled')
    expect(await historyOf('calendly', uri)).toEqual(['created', 'no_show', 'no_show_removed'])
    // To chase for the no-show, booked again once Calendly took the mark back; the late older mark changes nothing (ADR 040).
    expect((await statusOf(lead.id)).changes.map((change) => change.to_status)).toEqual([
      'booked',
      'to_chase',
      'booked',
    ])
    expect((await statusOf(lead.id)).status).toBe('booked')
  })

  it('Cal.com: a booking with our id in its metadata, its reschedule, its cancel without metadata and a no-show follow the booking by uid', async () => {
    const lead = await newLead()
    const first = `cal-${randomUUID()}`
    const second = `cal-${randomUUID()}`
    // Dated, as the reschedule is: the history is ordered by when each happened. Cal.com's dates are
    // recent: one made more than CALCOM_MAX_AGE_DAYS ago, or ahead of our clock, is not applied.
    const created = await calcom(
      'BOOKING_CREATED',
      { uid: first, applicationId: lead.submissionId, email: 'other@example.com' },
      { createdAt: minutesAgo(60) },
    )
    expect(created.json()).toEqual({
      received: true,
      applied: true,
    })
    await calcom(
      'BOOKING_RESCHEDULED',
      { uid: second, rescheduleUid: first, email: 'other@example.com' },
      { createdAt: minutesAgo(50) },
    )
    expect(await bookingsOf('calcom', [first, second])).toEqual([
      {
        provider_booking_id: first,
        application_id: lead.id,
        state: 'canceled',
        replaced_by: second,
        cancel_reason: null,
      },
      {
        provider_booking_id: second,
        application_id: lead.id,
        state: 'scheduled',
        replaced_by: null,
        cancel_reason: null,
      },
    ])
    expect(await historyOf('calcom', first)).toEqual(['created', 'canceled'])
    await calcom('BOOKING_NO_SHOW_UPDATED', { uid: second, noShow: true }, { createdAt: minutesAgo(40) })
    expect((await bookingsOf('calcom', [second]))[0]?.state).toBe('no_show')
    await calcom('BOOKING_NO_SHOW_UPDATED', { uid: second, noShow: false }, { createdAt: minutesAgo(39) })
    expect((await bookingsOf('calcom', [second]))[0]?.state).toBe('scheduled')
    await calcom(
      'BOOKING_CANCELLED',
      { uid: second, cancellationReason: 'Budget moved' },
      { createdAt: minutesAgo(38) },
    )
    expect(await bookingsOf('calcom', [second])).toEqual([
      {
        provider_booking_id: second,
        application_id: lead.id,
        state: 'canceled',
        replaced_by: null,
        cancel_reason: 'Budget moved',
      },
    ])
    // Booked, to chase for the no-show, booked again when it was taken back, to chase for the cancel (ADR 040).
    expect(await statusOf(lead.id)).toEqual({
      status: 'to_chase',
      changes: ['booked', 'to_chase', 'booked', 'to_chase'].map((to_status) => ({ to_status, author: 'Cal.com' })),
    })

    // Asked to reschedule: canceled, with that as its reason.
    const third = `cal-${randomUUID()}`
    await calcom('BOOKING_CREATED', { uid: third, applicationId: lead.submissionId })
    await calcom('BOOKING_CANCELLED', { uid: third, requestReschedule: true })
    expect((await bookingsOf('calcom', [third]))[0]).toMatchObject({
      state: 'canceled',
      cancel_reason: 'Reschedule requested',
    })
  })

  it('Cal.com: refuses a wrong signature, none, and the literal no-secret-provided', async () => {
    const uid = `cal-${randomUUID()}`
    const address = from()
    for (const signature of ['0'.repeat(64), 'no-secret-provided', '']) {
      const answer = await post(
        'calcom',
        calcomDelivery('BOOKING_CREATED', { uid }, { secret: SECRET, signature }),
        address,
      )
      expect(answer.statusCode).toBe(401)
    }
    const wrongSecret = calcomDelivery('BOOKING_CREATED', { uid }, { secret: 'not-the-secret-but-as-long-as-it-0123' })
    expect((await post('calcom', wrongSecret, address)).statusCode).toBe(401)
    expect(await bookingsOf('calcom', [uid])).toEqual([])
  })

  it('matches by email, newest lead first, case-insensitively, never spam or older than 30 days; else keeps the booking unmatched', async () => {
    const older = await newLead()
    const newer = await newLead()
    await temp.db.query('UPDATE contact_submissions SET email = $1 WHERE id = $2', [newer.email, older.id])
    await temp.db.query(`UPDATE contact_submissions SET created_at = created_at - interval '1 hour' WHERE id = $1`, [
      older.id,
    ])
    const spam = await newLead({ spam: true })
    await temp.db.query('UPDATE contact_submissions SET email = $1 WHERE id = $2', [newer.email, spam.id])
    const uri = calendlyInviteeUri()
    await calendly('invitee.created', { uri, email: newer.email.toUpperCase() })
    expect((await bookingsOf('calendly', [uri]))[0]?.application_id).toBe(newer.id)

    const stale = await newLead()
    await temp.db.query(`UPDATE contact_submissions SET created_at = now() - interval '31 days' WHERE id = $1`, [
      stale.id,
    ])
    const unmatched = `cal-${randomUUID()}`
    await calcom('BOOKING_CREATED', { uid: unmatched, email: stale.email, applicationId: 'not-a-uuid' })
    expect((await bookingsOf('calcom', [unmatched]))[0]).toMatchObject({ application_id: null, state: 'scheduled' })
    expect((await statusOf(stale.id)).status).toBe('new')
  })

  it('never moves a lead that is won or lost', async () => {
    for (const status of ['won', 'lost']) {
      const lead = await newLead()
      await temp.db.query('UPDATE lead_pipeline SET status = $1 WHERE application_id = $2', [status, lead.id])
      await calendly('invitee.created', { salesforceUuid: lead.submissionId })
      expect(await statusOf(lead.id)).toEqual({ status, changes: [] })
    }
  })

  it('answers 400 to a signed body that is not the documented shape, and 200 to events it does not handle, storing nothing', async () => {
    const uri = calendlyInviteeUri()
    const bad = calendlyDelivery('invitee.created', { uri }, { key: KEY })
    const noUri = JSON.parse(bad.body) as { payload: Record<string, unknown> }
    delete noUri.payload.uri
    const resigned = (body: string): Delivery => {
      const t = Math.floor(Date.now() / 1000)
      const v1 = createHmac('sha256', KEY).update(`${t}.${body}`).digest('hex')
      return { body, headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${t},v1=${v1}` } }
    }
    for (const body of [JSON.stringify(noUri), '{"event": "invitee.created"', '[]']) {
      const answer = await post('calendly', resigned(body))
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    }
    const routing = await post(
      'calendly',
      resigned(
        JSON.stringify({ event: 'routing_form_submission.created', created_at: new Date().toISOString(), payload: {} }),
      ),
    )
    expect(routing.json()).toEqual({ received: true, applied: false })
    const ping = await calcom('PING', {})
    expect(ping.statusCode).toBe(200)
    expect(await temp.db.query('SELECT 1 FROM bookings WHERE provider_booking_id = $1', [uri])).toEqual([])
  })

  it('keeps one booking, one history line and one status change for 100 copies of a delivery sent at once', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    const delivery = calendlyDelivery('invitee.created', { uri, salesforceUuid: lead.submissionId }, { key: KEY })
    const answers = await Promise.all(Array.from({ length: 100 }, () => post('calendly', delivery)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 100 }, () => 200))
    expect(answers.filter((answer) => (answer.json() as { applied: boolean }).applied)).toHaveLength(1)
    expect(await bookingsOf('calendly', [uri])).toHaveLength(1)
    expect(await historyOf('calendly', uri)).toEqual(['created'])
    expect((await statusOf(lead.id)).changes).toHaveLength(1)
  })

  it(`answers 429, with Retry-After, to an address past ${REFUSAL_LIMIT} refused deliveries, and still takes a signed one from it`, async () => {
    const address = from()
    const unsigned = { body: '{}', headers: { 'content-type': 'application/json' } }
    for (let n = 1; n <= REFUSAL_LIMIT; n++) expect((await post('calcom', unsigned, address)).statusCode).toBe(401)
    const throttled = await post('calcom', unsigned, address)
    expect(throttled.statusCode).toBe(429)
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    const signed = await post('calcom', calcomDelivery('BOOKING_CREATED', {}, { secret: SECRET }), address)
    expect(signed.statusCode).toBe(200)
  })

  it('answers 503 with Retry-After when the database cannot be reached, so the provider retries', async () => {
    const down = buildApp({
      config: parseConfig({ CALENDLY_WEBHOOK_SIGNING_KEY: KEY }),
      db: failingDatabase(() => new DatabaseUnavailableError('the database is down')),
    })
    await down.ready()
    try {
      const { body, headers } = calendlyDelivery('invitee.created', {}, { key: KEY })
      const answer = await down.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS.calendly, headers, payload: body })
      expect(answer.statusCode).toBe(503)
      expect(answer.headers['retry-after']).toBeDefined()
    } finally {
      await down.close()
    }
  })
})
