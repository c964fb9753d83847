import { describe, expect, it } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import type { AwaitingLeads, UnmatchedBooking } from '../../common/booking-api.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import type { Queryable } from '../db/database.ts'
import { calendlyDelivery, calendlyInviteeUri } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import { OWNER } from '../testing/signed-in-inbox.ts'

const KEY = 'calendly-signing-key-for-inbox-tests'
const leads: Record<string, number> = {}
let db: Queryable | undefined

const { get, call } = useSignedInInbox(
  async (signedIn) => {
    const book = async (
      applicationId: number,
      { start, canceled = false, noShow = false }: { start: string; canceled?: boolean; noShow?: boolean },
    ) => {
      const [row] = await signedIn.temp.db.query<{ submission_id: string }>(
        'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
        [applicationId],
      )
      const uri = calendlyInviteeUri()
      const send = async (event: string, extra: Parameters<typeof calendlyDelivery>[1] = {}) => {
        const { body, headers } = calendlyDelivery(
          event,
          { uri, salesforceUuid: row?.submission_id, startTime: start, endTime: start, ...extra },
          { key: KEY },
        )
        const answer = await signedIn.app.inject({
          method: 'POST',
          url: BOOKING_WEBHOOK_PATHS.calendly,
          headers,
          payload: body,
        })
        expect(answer.statusCode).toBe(200)
      }
      await send('invitee.created')
      if (canceled) await send('invitee.canceled', { cancelReason: 'Clashes with a trip' })
      if (noShow)
        await send('invitee_no_show.created', {
          noShow: { uri: `${uri}/no-show`, created_at: new Date().toISOString() },
        })
    }
    for (const name of ['none', 'upcoming', 'past', 'canceled', 'noshow', 'rebooked']) {
      leads[name] = await insertApplication(signedIn.temp.db, { answers: { name: `Lead ${name}` } })
    }
    await book(leads.upcoming!, { start: '2099-01-05T14:30:00Z' })
    await book(leads.past!, { start: '2020-01-05T14:30:00Z' })
    await book(leads.canceled!, { start: '2099-01-06T09:00:00Z', canceled: true })
    await book(leads.noshow!, { start: '2020-01-07T10:00:00Z', noShow: true })
    // Cancelled, then booked again: the new call is the one shown.
    await book(leads.rebooked!, { start: '2099-01-08T09:00:00Z', canceled: true })
    await book(leads.rebooked!, { start: '2099-01-09T16:00:00Z' })
    // A booking by someone whose email matches no lead.
    const stranger = calendlyDelivery(
      'invitee.created',
      { email: 'stranger@example.com', name: 'A Stranger' },
      { key: KEY },
    )
    const answer = await signedIn.app.inject({
      method: 'POST',
      url: BOOKING_WEBHOOK_PATHS.calendly,
      headers: stranger.headers,
      payload: stranger.body,
    })
    expect(answer.json()).toEqual({ received: true, applied: true })
    // And one who matched no lead either, then missed the call.
    const missedUri = calendlyInviteeUri()
    for (const [event, extra] of [
      ['invitee.created', {}],
      ['invitee_no_show.created', { noShow: { uri: `${missedUri}/no-show`, created_at: new Date().toISOString() } }],
    ] as const) {
      const missed = calendlyDelivery(
        event,
        {
          uri: missedUri,
          email: 'missed@example.com',
          name: 'A Missed Call',
          startTime: '2020-02-03T10:00:00Z',
          ...extra,
        },
        { key: KEY },
      )
      const sent = await signedIn.app.inject({
        method: 'POST',
        url: BOOKING_WEBHOOK_PATHS.calendly,
        headers: missed.headers,
        payload: missed.body,
      })
      expect(sent.statusCode).toBe(200)
    }
    leads.linkTarget = await insertApplication(signedIn.temp.db, { answers: { name: 'Lead link-target' } })
    leads.missedTarget = await insertApplication(signedIn.temp.db, { answers: { name: 'Lead missed-target' } })
    db = signedIn.temp.db
    // Applied a while ago and never booked: some open, some not.
    for (const [name, minutesAgo, status] of [
      ['waiting', 90, 'new'],
      ['contacted', 600, 'contacted'],
      ['recent', 10, 'new'],
      ['closed', 90, 'lost'],
      ['old', 31 * 24 * 60, 'new'],
    ] as const) {
      leads[name] = await insertApplication(db, { answers: { name: `Awaiting ${name}` } })
      await db.query(`UPDATE contact_submissions SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
        leads[name],
        minutesAgo,
      ])
      await db.query(`UPDATE lead_pipeline SET status = $2 WHERE application_id = $1`, [leads[name], status])
    }
  },
  { CALENDLY_WEBHOOK_SIGNING_KEY: KEY },
)

const names = (page: LeadPage) => page.leads.map((lead) => lead.answers.name).sort()

describe(`bookings in the inbox on ${DATABASE_TARGET}`, () => {
  it('shows each lead’s call in the list: the one still on, else the latest cancelled; none without a booking', async () => {
    const page = (await get('/leads')).json<LeadPage>()
    const booking = (name: string) => page.leads.find((lead) => lead.answers.name === `Lead ${name}`)?.booking
    expect(booking('none')).toBeNull()
    expect(booking('upcoming')).toEqual({ state: 'scheduled', startsAt: '2099-01-05T14:30:00.000000Z' })
    expect(booking('canceled')).toEqual({ state: 'canceled', startsAt: '2099-01-06T09:00:00.000000Z' })
    expect(booking('noshow')).toEqual({ state: 'no_show', startsAt: '2020-01-07T10:00:00.000000Z' })
    expect(booking('rebooked')).toEqual({ state: 'scheduled', startsAt: '2099-01-09T16:00:00.000000Z' })
  })

  it.each([
    ['booked', ['Lead canceled', 'Lead noshow', 'Lead past', 'Lead rebooked', 'Lead upcoming']],
    ['not_booked', ['Lead link-target', 'Lead missed-target', 'Lead none']],
    ['upcoming', ['Lead rebooked', 'Lead upcoming']],
    ['canceled', ['Lead canceled']],
    ['no_show', ['Lead noshow']],
  ])('filters the list by booking=%s', async (filter, expected) => {
    const answer = await get(`/leads?booking=${filter}`)
    expect(answer.statusCode).toBe(200)
    expect(names(answer.json<LeadPage>()).filter((name) => name.startsWith('Lead '))).toEqual(expected)
  })

  it('lists the open leads of the last 30 days with no booking an hour after applying, newest first, with their follow-up', async () => {
    const answer = await get('/bookings/awaiting')
    expect(answer.statusCode, answer.body).toBe(200)
    const awaiting = answer.json<AwaitingLeads>()
    expect(awaiting.afterMinutes).toBe(60)
    expect(
      awaiting.leads.filter((lead) => lead.name.startsWith('Awaiting ')).map((lead) => [lead.name, lead.followUp]),
    ).toEqual([
      ['Awaiting waiting', null],
      ['Awaiting contacted', null],
    ])
  })

  it('refuses a booking filter it does not know', async () => {
    expect((await get('/leads?booking=maybe')).statusCode).toBe(400)
  })

  it('shows a lead’s bookings with their timelines on its detail', async () => {
    const detail = (await get(`/leads/${leads.rebooked}`)).json<LeadDetail>()
    expect(detail.status).toBe('booked')
    expect(
      detail.bookings.map((booking) => ({ state: booking.state, kinds: booking.events.map((event) => event.kind) })),
    ).toEqual([
      { state: 'canceled', kinds: ['created', 'canceled'] },
      { state: 'scheduled', kinds: ['created'] },
    ])
    expect(detail.bookings[0]).toMatchObject({
      provider: 'calendly',
      cancelReason: 'Clashes with a trip',
      startsAt: '2099-01-08T09:00:00.000000Z',
    })
    // Booked, to chase with the cancel's reason, booked again by the new booking (ADR 040).
    expect(detail.history).toEqual([
      expect.objectContaining({ from: 'new', to: 'booked', author: 'Calendly', reason: null }),
      expect.objectContaining({ from: 'booked', to: 'to_chase', author: 'Calendly', reason: 'Clashes with a trip' }),
      expect.objectContaining({ from: 'to_chase', to: 'booked', author: 'Calendly', reason: null }),
    ])
  })

  it('lists the bookings no lead matched, and links one to a lead: audited, in its timeline, the lead booked; a second link is refused', async () => {
    const answer = await get('/bookings/unmatched')
    expect(answer.statusCode, answer.body).toBe(200)
    const unmatched = answer.json<UnmatchedBooking[]>()
    const stranger = unmatched.find((booking) => booking.attendeeEmail === 'stranger@example.com')
    expect(stranger).toMatchObject({ provider: 'calendly', attendeeName: 'A Stranger', state: 'scheduled' })

    const linked = await call('POST', `/bookings/${stranger!.id}/link`, { leadId: leads.linkTarget })
    expect(linked.statusCode).toBe(200)
    expect(
      (await get('/bookings/unmatched')).json<UnmatchedBooking[]>().some((booking) => booking.id === stranger!.id),
    ).toBe(false)
    const detail = (await get(`/leads/${leads.linkTarget}`)).json<LeadDetail>()
    expect(detail.status).toBe('booked')
    expect(detail.history).toEqual([expect.objectContaining({ to: 'booked', author: OWNER })])
    expect(detail.bookings[0]?.events.map((event) => event.kind)).toEqual(['created', 'linked'])
    const audit = await db!.query<{ actor_email: string; lead_id: number }>(
      `SELECT actor_email, lead_id::int FROM admin_audit WHERE action = 'booking.link'`,
    )
    expect(audit).toEqual([{ actor_email: OWNER, lead_id: leads.linkTarget }])

    expect((await call('POST', `/bookings/${stranger!.id}/link`, { leadId: leads.none })).statusCode).toBe(409)
    expect((await call('POST', `/bookings/${stranger!.id}/link`, { leadId: 'x' })).statusCode).toBe(400)
    expect((await call('POST', '/bookings/999999/link', { leadId: leads.none })).statusCode).toBe(409)
  })

  it('links a missed call to its lead as the no-show it is: the lead is to chase, never booked', async () => {
    const unmatched = (await get('/bookings/unmatched')).json<UnmatchedBooking[]>()
    const missed = unmatched.find((booking) => booking.attendeeEmail === 'missed@example.com')
    expect(missed).toMatchObject({ state: 'no_show' })
    expect((await call('POST', `/bookings/${missed!.id}/link`, { leadId: leads.missedTarget })).statusCode).toBe(200)
    const detail = (await get(`/leads/${leads.missedTarget}`)).json<LeadDetail>()
    expect(detail.status).toBe('to_chase')
    expect(detail.history).toEqual([
      expect.objectContaining({ from: 'new', to: 'booked', author: OWNER }),
      expect.objectContaining({ from: 'booked', to: 'to_chase', author: OWNER, reason: 'No-show' }),
    ])
  })
})
