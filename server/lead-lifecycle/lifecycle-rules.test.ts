import { describe, expect, it } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import type { LeadCount, LeadPage } from '../../common/lead-list-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import {
  calcomDelivery,
  calendlyDelivery,
  calendlyInviteeUri,
  type CalcomBooking,
  type Delivery,
  type Invitee,
} from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'

// The lifecycle rules of ADR 040, driven through the real booking webhook routes, signed as each provider signs.
const KEY = 'calendly-signing-key-for-tests-0123'
const SECRET = 'calcom-webhook-secret-for-tests-0123'

let inbox: SignedInInbox
const { call, get } = useSignedInInbox(
  (opened) => {
    inbox = opened
  },
  { CALENDLY_WEBHOOK_SIGNING_KEY: KEY, CALCOM_WEBHOOK_SECRET: SECRET },
)

const post = async (provider: 'calendly' | 'calcom', { body, headers }: Delivery) => {
  const answer = await inbox.app.inject({
    method: 'POST',
    url: BOOKING_WEBHOOK_PATHS[provider],
    headers,
    payload: body,
  })
  expect(answer.statusCode).toBe(200)
}
const calendly = (event: string, invitee: Invitee, createdAt?: string) =>
  post('calendly', calendlyDelivery(event, invitee, { key: KEY, ...(createdAt && { createdAt }) }))
const calcom = (trigger: string, booking: CalcomBooking, createdAt?: string) =>
  post('calcom', calcomDelivery(trigger, booking, { secret: SECRET, ...(createdAt && { createdAt }) }))

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

async function newLead() {
  const email = `chase-${Math.random().toString(36).slice(2)}@example.com`
  const id = await insertApplication(inbox.temp.db, { answers: { email } })
  const [row] = await inbox.temp.db.query<{ submission_id: string }>(
    'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
    [id],
  )
  return { id, submissionId: row?.submission_id ?? '', email }
}

const detail = async (id: number) => (await get(`/leads/${id}`)).json<LeadDetail>()
/** The lead's status and the moves that led there: to, reason, who. */
async function movesOf(id: number) {
  const lead = await detail(id)
  return {
    status: lead.status,
    moves: lead.history.map(({ to, reason, author }) => ({ to, reason, author })),
  }
}
/** Whether lead `id` is among those the list shows for `query`. */
async function listed(id: number, query: string) {
  const page = (await get(`/leads?${query}&q=${(await detail(id)).answers.email}`)).json<LeadPage>()
  return page.leads.some((lead) => lead.id === id)
}

describe(`the lifecycle rules (ADR 040) on ${DATABASE_TARGET}`, () => {
  it('a Calendly cancel puts a booked lead in To chase with the cancel reason, shown on the list and its filter', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    await calendly('invitee.created', {
      uri,
      email: lead.email,
      salesforceUuid: lead.submissionId,
      startTime: inDays(2),
    })
    await calendly('invitee.canceled', { uri, email: lead.email, cancelReason: 'Found another agency' })
    expect(await movesOf(lead.id)).toEqual({
      status: 'to_chase',
      moves: [
        { to: 'booked', reason: null, author: 'Calendly' },
        { to: 'to_chase', reason: 'Found another agency', author: 'Calendly' },
      ],
    })
    const page = (await get(`/leads?status=to_chase&q=${lead.email}`)).json<LeadPage>()
    expect(page.leads.map((row) => [row.id, row.status, row.statusReason])).toEqual([
      [lead.id, 'to_chase', 'Found another agency'],
    ])
  })

  it('a Cal.com cancel with no reason reads "Cancelled"; one that asks the applicant to reschedule is chased too', async () => {
    const plain = await newLead()
    const uid = crypto.randomUUID()
    await calcom('BOOKING_CREATED', {
      uid,
      email: plain.email,
      applicationId: plain.submissionId,
      startTime: inDays(1),
    })
    await calcom('BOOKING_CANCELLED', { uid, email: plain.email })
    expect((await movesOf(plain.id)).moves.at(-1)).toEqual({ to: 'to_chase', reason: 'Cancelled', author: 'Cal.com' })

    const asked = await newLead()
    const other = crypto.randomUUID()
    await calcom('BOOKING_CREATED', { uid: other, email: asked.email, applicationId: asked.submissionId })
    await calcom('BOOKING_CANCELLED', { uid: other, email: asked.email, requestReschedule: true })
    expect((await movesOf(asked.id)).status).toBe('to_chase')
  })

  it('a reschedule never passes through To chase, at Calendly (either order) or at Cal.com', async () => {
    for (const cancelFirst of [true, false]) {
      const lead = await newLead()
      const [first, second] = [calendlyInviteeUri(), calendlyInviteeUri()]
      await calendly('invitee.created', { uri: first, email: lead.email, salesforceUuid: lead.submissionId })
      const cancel = () =>
        calendly('invitee.canceled', { uri: first, email: lead.email, rescheduled: true, newInvitee: second })
      const create = () =>
        calendly('invitee.created', { uri: second, email: lead.email, oldInvitee: first, startTime: inDays(3) })
      if (cancelFirst) await cancel()
      await create()
      if (!cancelFirst) await cancel()
      expect(await movesOf(lead.id)).toEqual({
        status: 'booked',
        moves: [{ to: 'booked', reason: null, author: 'Calendly' }],
      })
    }
    const lead = await newLead()
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()]
    await calcom('BOOKING_CREATED', { uid: first, email: lead.email, applicationId: lead.submissionId })
    await calcom('BOOKING_RESCHEDULED', { uid: second, rescheduleUid: first, email: lead.email, startTime: inDays(4) })
    expect((await movesOf(lead.id)).moves.map((move) => move.to)).toEqual(['booked'])
  })

  it('a no-show mark, at Calendly or Cal.com, puts the lead in To chase with "No-show"', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    await calendly('invitee.created', { uri, email: lead.email, salesforceUuid: lead.submissionId, startTime: ago(90) })
    const mark = { uri: 'https://api.calendly.com/invitee_no_shows/1', created_at: ago(30) }
    await calendly('invitee_no_show.created', { uri, noShow: mark }, ago(30))
    expect((await movesOf(lead.id)).moves.at(-1)).toEqual({ to: 'to_chase', reason: 'No-show', author: 'Calendly' })

    const other = await newLead()
    const uid = crypto.randomUUID()
    await calcom('BOOKING_CREATED', { uid, email: other.email, applicationId: other.submissionId, startTime: ago(90) })
    await calcom('BOOKING_NO_SHOW_UPDATED', { uid, email: other.email, noShow: true }, ago(20))
    expect((await movesOf(other.id)).moves.at(-1)).toEqual({ to: 'to_chase', reason: 'No-show', author: 'Cal.com' })
  })

  it('a rebooking takes a lead out of To chase, back to Booked', async () => {
    const lead = await newLead()
    const [first, second] = [calendlyInviteeUri(), calendlyInviteeUri()]
    await calendly('invitee.created', { uri: first, email: lead.email, salesforceUuid: lead.submissionId })
    await calendly('invitee.canceled', { uri: first, email: lead.email, cancelReason: 'Travelling' })
    expect((await movesOf(lead.id)).status).toBe('to_chase')
    await calendly('invitee.created', { uri: second, email: lead.email, salesforceUuid: lead.submissionId })
    expect((await movesOf(lead.id)).moves.map((move) => move.to)).toEqual(['booked', 'to_chase', 'booked'])
    expect(await listed(lead.id, 'status=to_chase')).toBe(false)
  })

  it('a cancel of one call leaves a lead with another call to come booked', async () => {
    const lead = await newLead()
    const [first, second] = [calendlyInviteeUri(), calendlyInviteeUri()]
    await calendly('invitee.created', { uri: first, email: lead.email, salesforceUuid: lead.submissionId })
    await calendly('invitee.created', { uri: second, email: lead.email, startTime: inDays(5) })
    await calendly('invitee.canceled', { uri: first, email: lead.email })
    expect((await movesOf(lead.id)).status).toBe('booked')
  })

  it('a cancel that arrives before its own create ends as To chase, as in order', async () => {
    const lead = await newLead()
    const uid = crypto.randomUUID()
    await calcom('BOOKING_CANCELLED', { uid, email: lead.email, cancellationReason: 'Budget frozen' }, ago(1))
    await calcom('BOOKING_CREATED', { uid, email: lead.email, applicationId: lead.submissionId }, ago(5))
    expect((await movesOf(lead.id)).moves.map(({ to, reason }) => [to, reason])).toEqual([
      ['booked', null],
      ['to_chase', 'Budget frozen'],
    ])
  })

  it('an outcome someone entered is not undone by a later cancel', async () => {
    const lead = await newLead()
    const uri = calendlyInviteeUri()
    await calendly('invitee.created', { uri, email: lead.email, salesforceUuid: lead.submissionId, startTime: ago(60) })
    expect((await call('POST', `/leads/${lead.id}/outcome`, { outcome: 'showed' })).statusCode).toBe(201)
    await calendly('invitee.canceled', { uri, email: lead.email })
    expect((await movesOf(lead.id)).status).toBe('showed')
  })

  it('"Needs an outcome" lists a booked lead whose call has started, counts it, marks it, and drops it once an outcome is in', async () => {
    const past = await newLead()
    const future = await newLead()
    await calendly('invitee.created', {
      email: past.email,
      salesforceUuid: past.submissionId,
      startTime: ago(45),
      endTime: ago(15),
    })
    await calendly('invitee.created', {
      email: future.email,
      salesforceUuid: future.submissionId,
      startTime: inDays(1),
    })
    expect(await listed(past.id, 'booking=needs_outcome')).toBe(true)
    expect(await listed(future.id, 'booking=needs_outcome')).toBe(false)
    const count = (await get(`/leads/count?booking=needs_outcome&q=${past.email}`)).json<LeadCount>()
    expect(count.total).toBe(1)
    expect((await detail(past.id)).needsOutcome).toBe(true)
    expect((await detail(future.id)).needsOutcome).toBe(false)

    expect((await call('POST', `/leads/${past.id}/outcome`, { outcome: 'no_show' })).statusCode).toBe(201)
    expect(await listed(past.id, 'booking=needs_outcome')).toBe(false)
    expect(await movesOf(past.id)).toMatchObject({ status: 'to_chase' })
    expect((await movesOf(past.id)).moves.at(-1)).toEqual({
      to: 'to_chase',
      reason: 'No-show',
      author: 'owner@example.com',
    })
  })
})
