import { describe, expect, it } from 'vitest'
import type { Agenda, AgendaCall, AgendaSectionId } from '../../common/agenda-api.ts'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { zonedDay } from '../../common/zoned-day.ts'
import type { Queryable } from '../db/database.ts'
import { calcomDelivery, calendlyDelivery, type Invitee } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { OWNER, useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'
import { readAgenda } from './agenda.ts'

const ZONE = 'America/New_York'
const CALENDLY_KEY = 'calendly-signing-key-for-agenda-tests'
const CALCOM_SECRET = 'calcom-secret-for-the-agenda-tests'
const HOUR = 3_600_000

let inbox: SignedInInbox
const leads: Record<string, number> = {}

async function submissionIdOf(id: number) {
  const [row] = await inbox.temp.db.query<{ submission_id: string }>(
    'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
    [id],
  )
  return row?.submission_id
}

/** Books `lead` through the real Calendly webhook endpoint, as Calendly would. */
async function bookOnCalendly(lead: number, start: string, extra: Invitee = {}) {
  const { body, headers } = calendlyDelivery(
    'invitee.created',
    { salesforceUuid: await submissionIdOf(lead), startTime: start, endTime: start, ...extra },
    { key: CALENDLY_KEY },
  )
  const answer = await inbox.app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS.calendly, headers, payload: body })
  expect(answer.statusCode, answer.body).toBe(200)
}

const { get, call } = useSignedInInbox(
  async (signedIn) => {
    inbox = signedIn
    const names = [
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'canceled',
      'spam',
      'past',
      'past-won',
      'started',
      'soon',
      'calcom',
      'hostile',
    ]
    for (const name of names)
      leads[name] = await insertApplication(signedIn.temp.db, {
        answers: { name: `Agenda ${name}` },
        spam: name === 'spam',
      })
    // In 2099, as the agenda sees it at noon on 5 January in New York (EST, UTC-5).
    await bookOnCalendly(leads.b!, '2099-01-06T04:30:00Z') // 23:30 on the 5th in New York, the 6th in UTC
    // A scheme in capitals is still a link: kept as the URL parser writes it, which the column's check takes.
    await bookOnCalendly(leads.a!, '2099-01-05T23:30:00Z', { joinUrl: 'HTTPS://US02web.zoom.us/j/123456789' })
    await bookOnCalendly(leads.c!, '2099-01-06T05:00:00Z') // midnight starting the 6th
    await bookOnCalendly(leads.e!, '2099-01-12T04:59:00Z') // 23:59 on the 11th: the week's last minute
    await bookOnCalendly(leads.d!, '2099-01-08T15:00:00Z')
    // A link the inbox would make a script of, were it kept.
    await bookOnCalendly(leads.hostile!, '2099-01-09T15:00:00Z', { joinUrl: 'javascript:alert(document.cookie)' })
    await bookOnCalendly(leads.f!, '2099-01-12T05:00:00Z') // the 12th: after the week
    await bookOnCalendly(leads.spam!, '2099-01-05T20:00:00Z')
    const uri = 'https://api.calendly.com/scheduled_events/agenda/invitees/canceled'
    await bookOnCalendly(leads.canceled!, '2099-01-05T19:00:00Z', { uri })
    const cancel = calendlyDelivery(
      'invitee.canceled',
      { uri, startTime: '2099-01-05T19:00:00Z' },
      { key: CALENDLY_KEY },
    )
    await signedIn.app.inject({
      method: 'POST',
      url: BOOKING_WEBHOOK_PATHS.calendly,
      headers: cancel.headers,
      payload: cancel.body,
    })
    // Calls already started: one still booked, one whose outcome was entered.
    await bookOnCalendly(leads.past!, '2020-01-05T14:30:00Z')
    await bookOnCalendly(leads['past-won']!, '2020-01-04T14:30:00Z')
    await bookOnCalendly(leads.started!, new Date(Date.now() - HOUR).toISOString())
    await bookOnCalendly(leads.soon!, new Date(Date.now() + 2 * HOUR).toISOString())
    // Cal.com's link, from metadata.videoCallUrl.
    const { body, headers } = calcomDelivery(
      'BOOKING_CREATED',
      {
        applicationId: await submissionIdOf(leads.calcom!),
        startTime: '2099-01-07T15:00:00.000Z',
        videoCallUrl: 'https://app.cal.com/video/d8ZyxGp1ZfZZmK1z6Y9KxL',
      },
      { secret: CALCOM_SECRET },
    )
    const answer = await signedIn.app.inject({
      method: 'POST',
      url: BOOKING_WEBHOOK_PATHS.calcom,
      headers,
      payload: body,
    })
    expect(answer.statusCode, answer.body).toBe(200)
  },
  { TIMEZONE: ZONE, CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY, CALCOM_WEBHOOK_SECRET: CALCOM_SECRET },
)

const mine = (calls: AgendaCall[]) => calls.filter((one) => Object.values(leads).includes(one.leadId))
const namesIn = (agenda: Agenda, id: AgendaSectionId) =>
  mine(agenda.sections.find((section) => section.id === id)?.calls ?? []).map((one) => one.leadName)

describe(`the calls agenda on ${DATABASE_TARGET}`, () => {
  it('puts each call in its New York day, in start order, and leaves out cancelled, spam and later calls', async () => {
    const db: Queryable = inbox.temp.db
    const agenda = await readAgenda(db, ZONE, new Date('2099-01-05T17:00:00Z'))
    expect(agenda.today).toBe('2099-01-05')
    expect(agenda.sections.map((section) => section.id)).toEqual(['today', 'tomorrow', 'week', 'past'])
    expect(namesIn(agenda, 'today')).toEqual(['Agenda a', 'Agenda b'])
    expect(namesIn(agenda, 'tomorrow')).toEqual(['Agenda c'])
    expect(namesIn(agenda, 'week')).toEqual(['Agenda calcom', 'Agenda d', 'Agenda hostile', 'Agenda e'])
    const all = agenda.sections.flatMap((section) => section.calls.map((one) => one.leadName))
    for (const left of ['Agenda f', 'Agenda spam', 'Agenda canceled']) expect(all).not.toContain(left)
  })

  it('gives the join link the provider sent, none where it sent none, and never one that is not http(s)', async () => {
    const agenda = await readAgenda(inbox.temp.db, ZONE, new Date('2099-01-05T17:00:00Z'))
    const calls = mine(agenda.sections.flatMap((section) => section.calls))
    const link = (name: string) => calls.find((one) => one.leadName === name)?.joinUrl
    expect(link('Agenda a')).toBe('https://us02web.zoom.us/j/123456789')
    expect(link('Agenda calcom')).toBe('https://app.cal.com/video/d8ZyxGp1ZfZZmK1z6Y9KxL')
    expect(link('Agenda d')).toBeNull()
    expect(link('Agenda hostile')).toBeNull()
  })

  it('names each call’s owner: the lead’s, none while nobody owns it', async () => {
    const [account] = await inbox.temp.db.query<{ id: string }>(
      'SELECT id::text FROM admin_accounts WHERE email = $1',
      [OWNER],
    )
    const assigned = await call('PUT', `/leads/${leads.d}/owner`, { owner: Number(account?.id) })
    expect(assigned.statusCode, assigned.body).toBe(200)
    const agenda = await readAgenda(inbox.temp.db, ZONE, new Date('2099-01-05T17:00:00Z'))
    const owner = (name: string) =>
      mine(agenda.sections.flatMap((section) => section.calls)).find((one) => one.leadName === name)?.owner
    expect(owner('Agenda d')).toEqual({ id: Number(account?.id), email: OWNER })
    expect(owner('Agenda a')).toBeNull()
  })

  it('lists a started call of a booked lead under "Past, no outcome" only, and leaves it once an outcome is set', async () => {
    const before = (await get('/calls')).json<Agenda>()
    expect(namesIn(before, 'past')).toEqual(['Agenda past-won', 'Agenda past', 'Agenda started'])
    for (const id of ['today', 'tomorrow', 'week'] as const) expect(namesIn(before, id)).not.toContain('Agenda started')
    expect((await call('PATCH', `/leads/${leads['past-won']}`, { status: 'won' })).statusCode).toBe(200)
    const after = (await get('/calls')).json<Agenda>()
    expect(namesIn(after, 'past')).toEqual(['Agenda past', 'Agenda started'])
  })

  it('answers in TIMEZONE, with the call to come in a few hours under today or tomorrow', async () => {
    const response = await get('/calls')
    expect(response.statusCode, response.body).toBe(200)
    const agenda = response.json<Agenda>()
    expect(agenda.timeZone).toBe(ZONE)
    expect(agenda.today).toBe(zonedDay(new Date(), ZONE))
    const soon = [...namesIn(agenda, 'today'), ...namesIn(agenda, 'tomorrow')]
    expect(soon).toContain('Agenda soon')
  })

  it('refuses a parameter with 400, and answers nobody signed out', async () => {
    const refused = await get('/calls?section=past')
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ message: string }>().message).toMatch(/takes no parameters/)
    const signedOut = await inbox.app.inject({ url: '/api/admin/calls' })
    expect(signedOut.statusCode).toBe(401)
  })
})
