import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { markBooked } from '../lead-lifecycle/status-change.ts'
import { createAdminAccount, signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { PASSWORD, useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
const { call } = useSignedInInbox((inbox) => {
  ;({ temp, app } = inbox)
})

/** A second teammate, signed in: "new" is per account, so a touch must clear it for both. */
async function secondTeammate() {
  const email = await createAdminAccount(temp.db, `touch-${randomUUID()}@example.com`, PASSWORD)
  const session = await signIn(app, email, PASSWORD)
  return async (id: number) =>
    (await app.inject({ url: `${ADMIN_API_PATH}/leads/${id}`, headers: { cookie: session.cookie } })).json<LeadDetail>()
      .isNew
}

describe(`a touched lead is new to nobody, on ${DATABASE_TARGET}`, () => {
  it('once anyone changes its status, notes it, taps its call or email link, or assigns it', async () => {
    const isNewToMate = await secondTeammate()
    const isNewToOwner = async (id: number) => (await call('GET', `/leads/${id}`)).json<LeadDetail>().isNew
    const touches: [string, (id: number) => Promise<unknown>][] = [
      ['status', (id) => call('PATCH', `/leads/${id}`, { status: 'contacted' })],
      ['bulk status', (id) => call('POST', '/leads/bulk-status', { ids: [id], status: 'contacted' })],
      ['note', (id) => call('POST', `/leads/${id}/notes`, { body: 'Called, no answer' })],
      ['call link', (id) => call('POST', `/leads/${id}/touched`, { via: 'call' })],
      ['email link', (id) => call('POST', `/leads/${id}/touched`, { via: 'email' })],
    ]
    for (const [what, touch] of touches) {
      const id = await insertApplication(temp.db)
      const untouched = await insertApplication(temp.db)
      expect([await isNewToOwner(id), await isNewToMate(id)], `${what}: new before`).toEqual([true, true])
      await touch(id)
      expect([await isNewToOwner(id), await isNewToMate(id)], `${what}: new after`).toEqual([false, false])
      expect(await isNewToMate(untouched), `${what}: another lead`).toBe(true)
    }
  })

  it('once assigned, whoever to', async () => {
    const isNewToMate = await secondTeammate()
    const [{ id: owner } = { id: '' }] = await temp.db.query<{ id: string }>(
      "SELECT id::text FROM admin_accounts WHERE role = 'owner'",
    )
    const id = await insertApplication(temp.db)
    expect(await isNewToMate(id)).toBe(true)
    expect((await call('PUT', `/leads/${id}/owner`, { owner: Number(owner) })).statusCode).toBe(200)
    expect(await isNewToMate(id)).toBe(false)
  })

  it('but not when a booking provider moves it, nor by a beacon for an unknown lead or a bad one', async () => {
    const isNewToMate = await secondTeammate()
    const id = await insertApplication(temp.db)
    await markBooked(temp.db, id, 'Calendly')
    expect((await call('GET', `/leads/${id}`)).json<LeadDetail>().status).toBe('booked')
    expect(await isNewToMate(id)).toBe(true)
    expect((await call('POST', '/leads/999999999/touched', { via: 'call' })).statusCode).toBe(404)
    expect((await call('POST', `/leads/${id}/touched`, { via: 'fax' })).statusCode).toBe(400)
    const noToken = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/leads/${id}/touched`,
      headers: { cookie: (await signIn(app, 'owner@example.com', PASSWORD)).cookie, [CSRF_HEADER]: 'wrong' },
      payload: { via: 'call' },
    })
    expect(noToken.statusCode).toBe(403)
    expect(await isNewToMate(id)).toBe(true)
  })
})
