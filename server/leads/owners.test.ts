import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { createAdminAccount, signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { OWNER, PASSWORD, useSignedInInbox } from '../testing/signed-in-inbox.ts'
import { CLIENT_HEADERS } from '../testing/submission-app.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
const { call } = useSignedInInbox((inbox) => {
  ;({ temp, app } = inbox)
})

/** A teammate of its own for each test: an account with a password, signed in. */
async function teammate() {
  const email = await createAdminAccount(temp.db, `mate-${randomUUID()}@example.com`, PASSWORD)
  const [row] = await temp.db.query<{ id: string }>('SELECT id::text FROM admin_accounts WHERE email = $1', [email])
  const session = await signIn(app, email, PASSWORD)
  const as = (method: InjectOptions['method'], path: string, payload?: object) =>
    app.inject({
      method,
      url: `${ADMIN_API_PATH}${path}`,
      headers: { cookie: session.cookie, ...(method === 'GET' ? {} : { [CSRF_HEADER]: session.csrfToken }) },
      ...(payload === undefined ? {} : { payload }),
    })
  return { id: Number(row?.id), email, session, as }
}

/** The leads of a list request, by id, among `ids` (others' leads are left aside). */
const listed = async (
  request: (method: 'GET', path: string) => ReturnType<typeof call>,
  query: string,
  ids: readonly number[],
) => {
  const page = (await request('GET', `/leads?${query}`)).json<LeadPage>()
  return page.leads.map((lead) => lead.id).filter((id) => ids.includes(id))
}

const detail = async (id: number) => (await call('GET', `/leads/${id}`)).json<LeadDetail>()

describe(`lead owners on ${DATABASE_TARGET}`, () => {
  it('assigns a lead on its page: the owner is shown, recorded with who did it, and found under Mine', async () => {
    const mate = await teammate()
    const [lead, other] = [await insertApplication(temp.db), await insertApplication(temp.db)]
    expect((await detail(lead)).owner).toBeNull()

    const response = await call('PUT', `/leads/${lead}/owner`, { owner: mate.id })
    expect(response.statusCode).toBe(200)
    expect(response.json<LeadDetail>()).toMatchObject({ id: lead, owner: { id: mate.id, email: mate.email } })
    expect((await detail(lead)).ownerChanges).toEqual([{ owner: mate.email, author: OWNER, at: expect.any(String) }])

    // Mine is the asking account's: the teammate sees it, the inbox's owner does not.
    expect(await listed(mate.as, 'owner=mine', [lead, other])).toEqual([lead])
    expect(await listed(call, 'owner=mine', [lead, other])).toEqual([])
    expect(await listed(call, 'owner=none', [lead, other])).toEqual([other])
    const count = await mate.as('GET', '/leads/count?owner=mine')
    expect(count.json()).toEqual({ total: 1, totalCapped: false })
    // With a status and each order, the filter holds too.
    for (const sort of ['received', 'name', 'status'])
      expect(await listed(mate.as, `owner=mine&status=new&sort=${sort}`, [lead, other])).toEqual([lead])

    // Unassigning: back under Unassigned, recorded as nobody.
    await call('PUT', `/leads/${lead}/owner`, { owner: null })
    expect(await listed(call, 'owner=none', [lead, other])).toEqual([lead, other].sort((a, b) => b - a))
    expect((await detail(lead)).ownerChanges.map((change) => change.owner)).toEqual([mate.email, null])
  })

  it('assigns many leads from the list, recording only real changes', async () => {
    const mate = await teammate()
    const ids = [await insertApplication(temp.db), await insertApplication(temp.db), await insertApplication(temp.db)]
    await call('PUT', `/leads/${ids[0]}/owner`, { owner: mate.id })
    const response = await call('POST', '/leads/bulk-owner', { ids: [...ids, 999_999_999], owner: mate.id })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ found: 3, changed: 2 })
    expect(await listed(mate.as, 'owner=mine', ids)).toEqual([...ids].sort((a, b) => b - a))
    for (const id of ids) expect((await detail(id)).ownerChanges).toHaveLength(1)
  })

  it('accepts only a teammate that exists, answers 4xx to bad input, and needs the CSRF token', async () => {
    const lead = await insertApplication(temp.db)
    const [{ max } = { max: '0' }] = await temp.db.query<{ max: string }>(
      'SELECT max(id)::text AS max FROM admin_accounts',
    )
    const unknown = await call('PUT', `/leads/${lead}/owner`, { owner: Number(max) + 1000 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ message: 'owner: there is no such teammate' })
    expect((await call('POST', '/leads/bulk-owner', { ids: [lead], owner: Number(max) + 1000 })).statusCode).toBe(400)
    for (const body of [{ owner: 'me' }, { owner: -1 }, { owner: 1.5 }, {}, { owner: 1, extra: true }])
      expect((await call('PUT', `/leads/${lead}/owner`, body)).statusCode).toBe(400)
    expect((await call('GET', '/leads?owner=everyone')).statusCode).toBe(400)
    expect((await call('PUT', `/leads/999999999/owner`, { owner: null })).statusCode).toBe(404)
    expect((await detail(lead)).ownerChanges).toEqual([])

    const mate = await teammate()
    const noToken = await app.inject({
      method: 'PUT',
      url: `${ADMIN_API_PATH}/leads/${lead}/owner`,
      headers: { cookie: mate.session.cookie },
      payload: { owner: mate.id },
    })
    expect(noToken.statusCode).toBe(403)
    expect((await detail(lead)).owner).toBeNull()
  })

  it('leaves a removed teammate’s leads unassigned, their history kept', async () => {
    const mate = await teammate()
    const lead = await insertApplication(temp.db)
    await call('PUT', `/leads/${lead}/owner`, { owner: mate.id })
    expect((await call('DELETE', `/teammates/${mate.id}`)).statusCode).toBe(204)
    const after = await detail(lead)
    expect(after.owner).toBeNull()
    expect(after.ownerChanges.map((change) => change.owner)).toEqual([mate.email])
  })

  it('gives new leads in turn to the chosen teammates: 6 among 2 make 3 and 3, spam none until taken out of it', async () => {
    const [first, second] = [await teammate(), await teammate()]
    // Only the owner chooses.
    expect((await first.as('PUT', `/teammates/${first.id}/new-leads`, { takesNewLeads: true })).statusCode).toBe(403)
    for (const mate of [first, second])
      expect((await call('PUT', `/teammates/${mate.id}/new-leads`, { takesNewLeads: true })).statusCode).toBe(204)
    expect((await call('PUT', '/teammates/999999999/new-leads', { takesNewLeads: true })).statusCode).toBe(404)
    expect((await call('PUT', `/teammates/${first.id}/new-leads`, { takesNewLeads: 'yes' })).statusCode).toBe(400)
    try {
      // Through the page's own insert: the trigger assigns as the application is stored.
      const stored: number[] = []
      for (let index = 0; index < 6; index++) {
        const submissionId = randomUUID()
        const response = await app.inject({
          method: 'POST',
          url: CONTACT_SUBMISSIONS_PATH,
          headers: CLIENT_HEADERS,
          payload: [{ ...validAnswers(), submission_id: submissionId }],
        })
        expect(response.statusCode).toBe(201)
        const [row] = await temp.db.query<{ id: string }>(
          'SELECT id::text FROM contact_submissions WHERE submission_id = $1',
          [submissionId],
        )
        stored.push(Number(row?.id))
      }
      const owners = await Promise.all(stored.map(async (id) => (await detail(id)).owner?.email))
      expect(owners.filter((email) => email === first.email)).toHaveLength(3)
      expect(owners.filter((email) => email === second.email)).toHaveLength(3)
      // In a fixed order: they alternate.
      expect(owners[0]).not.toBe(owners[1])
      const spam = await insertApplication(temp.db, { spam: true })
      expect((await detail(spam)).owner).toBeNull()
      // Taken out of spam, it gets its owner in turn, and the turn after it goes on from there: none is skipped.
      expect((await call('POST', `/leads/${spam}/not-spam`)).statusCode).toBe(200)
      expect((await detail(spam)).owner?.email).toBe(owners[0])
      expect((await detail(await insertApplication(temp.db))).owner?.email).toBe(owners[1])
      const team = (await call('GET', '/teammates')).json<{ teammates: { id: number; takesNewLeads: boolean }[] }>()
      expect(team.teammates.filter((mate) => mate.takesNewLeads).map((mate) => mate.id)).toEqual([first.id, second.id])
    } finally {
      for (const mate of [first, second]) await call('PUT', `/teammates/${mate.id}/new-leads`, { takesNewLeads: false })
    }
    expect((await detail(await insertApplication(temp.db))).owner).toBeNull()
  })

  it('puts the owner’s email in the CSV export', async () => {
    const mate = await teammate()
    const lead = await insertApplication(temp.db)
    await call('PUT', `/leads/${lead}/owner`, { owner: mate.id })
    const csv = (await call('GET', `/leads/export?format=csv&mode=crm&ids=${lead}`)).body
    const rows = parse(csv, { columns: true }) as Record<string, string>[]
    expect(rows.map((row) => row.owner)).toEqual([mate.email])
  })
})
