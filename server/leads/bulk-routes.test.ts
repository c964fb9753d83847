import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { BULK_MAX_IDS } from '../../common/lead-list-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import type { SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { OWNER, useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
let session: SignedIn
const { call } = useSignedInInbox((inbox) => {
  ;({ temp, app, session } = inbox)
})
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions; DELETE FROM admin_audit')
})

const count = async (sql: string, params: unknown[] = []) =>
  Number((await temp.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]?.n)
const statusOf = async (id: number) => (await call('GET', `/leads/${id}`)).json<LeadDetail>().status
const threeLeads = async () => [await insertLead(temp.db), await insertLead(temp.db), await insertLead(temp.db)]

describe(`the bulk routes on ${DATABASE_TARGET}`, () => {
  it('change the status of every lead named, each recorded in its history like a single change', async () => {
    const [first, second, third] = await threeLeads()
    const untouched = await insertLead(temp.db)
    await call('PATCH', `/leads/${third}`, { status: 'won' })
    const response = await call('POST', '/leads/bulk-status', {
      ids: [first, second, third, second, 999_999_999],
      status: 'won',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ found: 3, changed: 2 })
    for (const id of [first!, second!, third!]) expect(await statusOf(id)).toBe('won')
    expect(await statusOf(untouched)).toBe('new')
    const history = await temp.db.query<{
      application_id: string
      from_status: string
      to_status: string
      author: string
    }>(
      'SELECT application_id::text AS application_id, from_status, to_status, author FROM lead_status_changes ORDER BY id',
    )
    expect(history).toEqual(
      [third, first, second].map((id) => ({
        application_id: String(id),
        from_status: 'new',
        to_status: 'won',
        author: OWNER,
      })),
    )
  })

  it('erase every lead named as a single erasure does, with an audit entry each', async () => {
    const [first, second, kept] = await threeLeads()
    await call('POST', `/leads/${first}/notes`, { body: 'a note' })
    await call('PATCH', `/leads/${second}`, { status: 'contacted' })
    const response = await call('POST', '/leads/bulk-erase', { ids: [first, second, 999_999_999] })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ erased: 2 })
    expect(await count('contact_submissions WHERE id = ANY($1::bigint[])', [[first, second]])).toBe(0)
    for (const table of ['lead_notes', 'lead_status_changes', 'lead_pipeline', 'lead_outbox'])
      expect(await count(`${table} WHERE application_id = ANY($1::bigint[])`, [[first, second]])).toBe(0)
    expect(await count('contact_submissions WHERE id = $1', [kept])).toBe(1)
    const audit = await temp.db.query<Record<string, unknown>>(
      'SELECT actor_email, action, lead_id::text AS lead_id, detail FROM admin_audit ORDER BY lead_id',
    )
    expect(audit).toEqual(
      [first, second].map((id) => ({
        actor_email: OWNER,
        action: 'lead.erase',
        lead_id: String(id),
        detail: { erased: 1, bulk: true },
      })),
    )
  })

  it('move spam entries to the leads, each announced and audited as a single "Not spam"', async () => {
    const first = await insertLead(temp.db, { spam: true })
    const second = await insertLead(temp.db, { spam: true })
    const lead = await insertLead(temp.db)
    const response = await call('POST', '/leads/bulk-not-spam', { ids: [first, second, lead, 999_999_999] })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ moved: 2 })
    expect(await count('contact_submissions WHERE spam')).toBe(0)
    const audit = await temp.db.query<Record<string, unknown>>(
      'SELECT actor_email, action, lead_id::text AS lead_id FROM admin_audit ORDER BY lead_id',
    )
    expect(audit).toEqual(
      [first, second].map((id) => ({ actor_email: OWNER, action: 'lead.not-spam', lead_id: String(id) })),
    )
  })

  it.each([
    ['no ids', { ids: [] }],
    ['too many ids', { ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => index + 1) }],
    ['an id that is no number', { ids: ['1'] }],
    ['a negative id', { ids: [-1] }],
    ['a fraction', { ids: [1.5] }],
    ['no list at all', {}],
  ])('answer 400 to %s, changing nothing', async (_name, body) => {
    const id = await insertLead(temp.db)
    for (const [path, extra] of [
      ['/leads/bulk-status', { status: 'won' }],
      ['/leads/bulk-erase', {}],
      ['/leads/bulk-not-spam', {}],
    ] as const) {
      const response = await call('POST', path, { ...body, ...extra })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/ids/) as unknown })
    }
    expect((await call('POST', '/leads/bulk-status', { ids: [id], status: 'maybe' })).statusCode).toBe(400)
    expect(await statusOf(id)).toBe('new')
  })

  it('refuse a change without the CSRF token (403) or without a session (401)', async () => {
    const [id] = await threeLeads()
    for (const [url, payload] of [
      ['/leads/bulk-status', { ids: [id], status: 'won' }],
      ['/leads/bulk-erase', { ids: [id] }],
      ['/leads/bulk-not-spam', { ids: [id] }],
    ] as const) {
      const noToken = await app.inject({
        method: 'POST',
        url: `${ADMIN_API_PATH}${url}`,
        headers: { cookie: session.cookie },
        payload,
      })
      expect(noToken.statusCode).toBe(403)
      const noSession = await app.inject({
        method: 'POST',
        url: `${ADMIN_API_PATH}${url}`,
        headers: { [CSRF_HEADER]: session.csrfToken },
        payload,
      })
      expect(noSession.statusCode).toBe(401)
    }
    expect(await statusOf(id!)).toBe('new')
    expect(await count('admin_audit')).toBe(0)
  })

  it('export only the selected leads, in both formats', async () => {
    const [first, , third] = await threeLeads()
    const json = await call('GET', `/leads/export?format=json&ids=${first},${third}`)
    expect(json.statusCode).toBe(200)
    expect(
      json
        .json<{ id: string }[]>()
        .map((row) => Number(row.id))
        .sort(),
    ).toEqual([first, third].sort())
    const csv = await call('GET', `/leads/export?format=csv&mode=crm&ids=${third}`)
    expect(csv.body.trim().split('\n')).toHaveLength(2)
    expect((await call('GET', '/leads/export?format=csv&ids=x')).statusCode).toBe(400)
  })
})
