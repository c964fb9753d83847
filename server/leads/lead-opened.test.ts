import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { LeadBoard } from '../../common/board-api.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { NEW_COUNT_CAP, type NewLeadCount } from '../../common/live-api.ts'
import { removeAccount } from '../accounts/accounts.ts'
import {
  closeAdminApp,
  createAdminAccount,
  openAdminApp,
  signIn,
  type AdminApp,
  type SignedIn,
} from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead, seedLeads } from '../testing/seed-leads.ts'
import { eraseLead, eraseLeadsByEmail } from './erasure.ts'

const OWNER = 'owner@example.com'
const TEAMMATE = 'teammate@example.com'
const PASSWORD = 'a long inbox password'

let admin: AdminApp
let app: FastifyInstance
let owner: SignedIn
let teammate: SignedIn
beforeAll(async () => {
  admin = await openAdminApp([OWNER, TEAMMATE], PASSWORD)
  app = admin.app
  owner = await signIn(app, OWNER, PASSWORD)
  teammate = await signIn(app, TEAMMATE, PASSWORD)
})
afterAll(async () => {
  await closeAdminApp(admin)
})
beforeEach(async () => {
  await admin.temp.db.exec('DELETE FROM contact_submissions')
})

const request = (who: SignedIn, method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}) =>
  app.inject({
    method,
    url: `${ADMIN_API_PATH}${path}`,
    headers: { cookie: who.cookie, ...(method === 'GET' ? {} : { [CSRF_HEADER]: who.csrfToken }), ...headers },
  })
const get = async <T>(who: SignedIn, path: string) => (await request(who, 'GET', path)).json<T>()
const newIds = async (who: SignedIn) =>
  (await get<LeadPage>(who, '/leads')).leads.filter((lead) => lead.isNew).map((lead) => lead.id)
const newCount = async (who: SignedIn) => (await get<NewLeadCount>(who, '/leads/new-count')).count
const rows = async (sql: string, params: unknown[]) =>
  Number(
    (await admin.temp.db.query<{ n: string }>(`SELECT count(*) AS n FROM lead_unopened WHERE ${sql}`, params))[0]?.n,
  )

describe(`the "New" marker on ${DATABASE_TARGET}`, () => {
  it('marks a lead new to every account until that account opens it', async () => {
    const first = await insertLead(admin.temp.db)
    const second = await insertLead(admin.temp.db)
    expect(await newIds(owner)).toEqual([second, first])
    expect(await newCount(owner)).toBe(2)

    const opened = await request(owner, 'POST', `/leads/${first}/opened`)
    expect(opened.statusCode).toBe(204)
    expect(await newIds(owner)).toEqual([second])
    expect(await newCount(owner)).toBe(1)
    // The teammate has opened nothing: both are still new to them.
    expect(await newIds(teammate)).toEqual([second, first])
    expect(await newCount(teammate)).toBe(2)
    expect((await get<LeadDetail>(owner, `/leads/${first}`)).isNew).toBe(false)
    expect((await get<LeadDetail>(teammate, `/leads/${first}`)).isNew).toBe(true)

    const board = await get<LeadBoard>(owner, '/leads/board')
    const cards = board.columns.flatMap((column) => column.leads)
    expect(cards.map((lead) => [lead.id, lead.isNew])).toEqual([
      [second, true],
      [first, false],
    ])
  })

  it('reading a lead does not open it; opening twice is fine; an unknown lead or no token is refused', async () => {
    const id = await insertLead(admin.temp.db)
    await request(owner, 'GET', `/leads/${id}`)
    expect(await newIds(owner)).toEqual([id])
    expect((await request(owner, 'POST', `/leads/${id}/opened`)).statusCode).toBe(204)
    expect((await request(owner, 'POST', `/leads/${id}/opened`)).statusCode).toBe(204)
    expect((await request(owner, 'POST', `/leads/${id + 1000}/opened`)).statusCode).toBe(404)
    expect((await request(owner, 'POST', '/leads/abc/opened')).statusCode).toBe(404)
    const noToken = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/leads/${id}/opened`,
      headers: { cookie: teammate.cookie },
    })
    expect(noToken.statusCode).toBe(403)
    expect(await newIds(teammate)).toEqual([id])
  })

  it('never marks spam, and marks a lead moved out of spam new to everyone', async () => {
    const spam = await insertLead(admin.temp.db, { spam: true })
    expect(await newCount(owner)).toBe(0)
    expect((await request(owner, 'POST', `/leads/${spam}/not-spam`)).statusCode).toBe(200)
    expect(await newIds(owner)).toEqual([spam])
    expect(await newIds(teammate)).toEqual([spam])
  })

  it('counts new leads up to the cap, reading no more than that', async () => {
    await seedLeads(admin.temp.db, NEW_COUNT_CAP + 20, { spamPercent: 0 })
    expect(await newCount(owner)).toBe(NEW_COUNT_CAP)
  })

  it('leaves a teammate added later nothing new from before, and takes an account’s marks with it when it is removed', async () => {
    const before = await insertLead(admin.temp.db)
    const late = 'late@example.com'
    await createAdminAccount(admin.temp.db, late, PASSWORD)
    const lateSession = await signIn(app, late, PASSWORD)
    const after = await insertLead(admin.temp.db)
    expect(await newIds(lateSession)).toEqual([after])
    expect(await newIds(owner)).toEqual([after, before])

    const [account] = await admin.temp.db.query<{ id: string }>(
      'SELECT id::text AS id FROM admin_accounts WHERE email = $1',
      [late],
    )
    expect(await rows('account_id = $1', [account?.id])).toBe(1)
    await removeAccount(admin.temp.db, late)
    expect(await rows('account_id = $1', [account?.id])).toBe(0)
  })

  it('takes an erased lead’s marks with it', async () => {
    const one = await insertLead(admin.temp.db, { answers: { email: 'one@example.com' } })
    const byEmail = await insertLead(admin.temp.db, { answers: { email: 'both@example.com' } })
    const kept = await insertLead(admin.temp.db)
    expect(await rows('application_id = ANY($1::bigint[])', [[one, byEmail]])).toBe(4)
    await eraseLead(admin.temp.db, one, OWNER)
    await eraseLeadsByEmail(admin.temp.db, 'both@example.com', OWNER)
    expect(await rows('application_id = ANY($1::bigint[])', [[one, byEmail]])).toBe(0)
    expect(await rows('application_id = $1', [kept])).toBe(2)
    expect(await newCount(owner)).toBe(1)
  })
})

describe(`conditional GETs of the lead routes on ${DATABASE_TARGET}`, () => {
  it.each(['/leads', '/leads/board', '/leads/new-count', '/leads/:id'])(
    'answer %s 304 while nothing changed, 200 after a change',
    async (route) => {
      const id = await insertLead(admin.temp.db)
      const path = route.replace(':id', String(id))
      const first = await request(owner, 'GET', path)
      expect(first.statusCode).toBe(200)
      const tag = first.headers.etag
      expect(tag).toMatch(/^"[\w-]+"$/)
      // Personal data stays out of every cache: the inbox revalidates from what it holds in memory.
      expect(first.headers['cache-control']).toBe('no-store')

      const unchanged = await request(owner, 'GET', path, { 'if-none-match': String(tag) })
      expect(unchanged.statusCode).toBe(304)
      expect(unchanged.body).toBe('')
      expect(unchanged.headers.etag).toBe(tag)
      expect((await request(owner, 'GET', path, { 'if-none-match': `"other", W/${tag}` })).statusCode).toBe(304)

      await request(owner, 'POST', `/leads/${id}/opened`)
      if (route !== '/leads/new-count') {
        await app.inject({
          method: 'PATCH',
          url: `${ADMIN_API_PATH}/leads/${id}`,
          headers: { cookie: owner.cookie, [CSRF_HEADER]: owner.csrfToken },
          payload: { status: 'contacted' },
        })
      }
      const changed = await request(owner, 'GET', path, { 'if-none-match': String(tag) })
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(tag)
    },
  )

  it('tags each account’s answer apart: its own marks are in it', async () => {
    await insertLead(admin.temp.db)
    const ownerTag = (await request(owner, 'GET', '/leads')).headers.etag
    const id = (await get<LeadPage>(teammate, '/leads')).leads[0]?.id
    await request(teammate, 'POST', `/leads/${id}/opened`)
    const teammateAnswer = await request(teammate, 'GET', '/leads', { 'if-none-match': String(ownerTag) })
    expect(teammateAnswer.statusCode).toBe(200)
  })
})
