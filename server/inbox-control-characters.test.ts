import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../common/admin-api.ts'
import type { LeadNote } from '../common/lead-page-api.ts'
import { DATABASE_TARGET } from './testing/database-target.ts'
import { insertLead } from './testing/seed-leads.ts'
import { OWNER, PASSWORD, useSignedInInbox } from './testing/signed-in-inbox.ts'
import type { TempDatabase } from './testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
let lead: number
const { call } = useSignedInInbox(async (inbox) => {
  ;({ temp, app } = inbox)
  lead = await insertLead(temp.db)
})

/** A 400 whose message starts with the field at fault. */
function expectRefused(response: Awaited<ReturnType<typeof call>>, field: string) {
  expect(response.statusCode, response.body).toBe(400)
  expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: must hold no`))
}

describe(`control characters in the inbox's requests on ${DATABASE_TARGET}`, () => {
  it.each([
    ['email', { email: 'owner@example.com\u0000', password: PASSWORD }],
    ['email', { email: '\u0000', password: PASSWORD }],
    ['password', { email: OWNER, password: `${PASSWORD}\u0000` }],
    ['code', { email: OWNER, password: PASSWORD, code: '123\u0000456' }],
    ['code', { email: OWNER, password: PASSWORD, code: '123\u001b456' }],
  ])('refuse a sign-in with one in the %s with 400, before anyone signed in', async (field, body) => {
    const response = await app.inject({ method: 'POST', url: `${ADMIN_API_PATH}/session`, payload: body })
    expectRefused(response, field)
  })

  it.each([
    ['q', '/leads?q=ada%00lovelace'],
    ['q', '/leads?q=%07'],
    ['source', '/leads?source=google%00'],
    ['cursor', '/leads?cursor=%00'],
    ['q', '/leads/export?format=csv&q=%00'],
    ['source', '/leads/export?format=json&source=%1b'],
    ['source', '/funnel?source=%00'],
    ['source', '/funnel.csv?source=%7f'],
  ])('refuse one in %s with 400 (%s)', async (field, path) => {
    expectRefused(await call('GET', path), field)
  })

  it('refuse one in a note, an erasure email or a two-factor code with 400, storing nothing', async () => {
    expectRefused(await call('POST', `/leads/${lead}/notes`, { body: 'called\u0000back' }), 'body')
    expectRefused(await call('POST', `/leads/${lead}/notes`, { body: 'bell\u0007' }), 'body')
    expectRefused(await call('POST', '/erasure', { email: 'someone@example.com\u0000' }), 'email')
    expectRefused(await call('POST', '/totp/enable', { code: '\u0000' }), 'code')
    expectRefused(await call('POST', '/totp/disable', { code: '12\u00003456' }), 'code')
    const [notes] = await temp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_notes')
    expect(notes?.n).toBe(0)
  })

  it('keep the newlines and tabs of a note', async () => {
    const body = 'Called back:\n\t- wants a quote\r\n\t- next week'
    const response = await call('POST', `/leads/${lead}/notes`, { body })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json<LeadNote>().body).toBe(body)
  })
})
