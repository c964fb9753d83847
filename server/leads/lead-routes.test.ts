import { parse } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { LEAD_PAGE_SIZE, type LeadPage } from '../../common/lead-list-api.ts'
import type { LeadDetail, LeadNote } from '../../common/lead-page-api.ts'
import { neutraliseFormulas } from '../export/csv.ts'
import { type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { failedDelivery as insertFailedDelivery } from '../testing/failed-delivery.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { OWNER, useSignedInInbox } from '../testing/signed-in-inbox.ts'
import { csvCells, formulaCells, splitCells } from '../testing/spreadsheet-cells.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { leadExportColumns } from './export-leads.ts'

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

const failedDelivery = (id: number) => insertFailedDelivery(temp.db, id)

describe(`the lead routes on ${DATABASE_TARGET}`, () => {
  it('need a session: 401 without one', async () => {
    const response = await app.inject({ url: `${ADMIN_API_PATH}/leads` })
    expect(response.statusCode).toBe(401)
  })

  it('list leads newest first and page by cursor', async () => {
    const ids: number[] = []
    for (let index = 0; index <= LEAD_PAGE_SIZE; index++)
      ids.push(await insertLead(temp.db, { receivedAt: new Date(Date.now() - index * 1000) }))
    const first = await call('GET', '/leads')
    expect(first.statusCode).toBe(200)
    const page = first.json<LeadPage>()
    expect(page.leads.map((lead) => lead.id)).toEqual(ids.slice(0, LEAD_PAGE_SIZE))
    expect(page.leads[0]).toMatchObject({
      status: 'new',
      source: null,
      answers: Object.fromEntries(CONTACT_FIELDS.map((field) => [field, expect.any(String)])),
    })
    const second = await call('GET', `/leads?cursor=${page.nextCursor}`)
    expect(second.json<LeadPage>()).toEqual({ leads: [expect.objectContaining({ id: ids.at(-1) })] })
    // The count is asked for apart, with the same filters.
    expect((await call('GET', '/leads/count')).json()).toEqual({ total: LEAD_PAGE_SIZE + 1, totalCapped: false })
    expect((await call('GET', '/leads/count?status=won')).json()).toEqual({ total: 0, totalCapped: false })
    expect((await call('GET', '/leads/count?status=maybe')).statusCode).toBe(400)
  })

  it.each([
    ['a malformed cursor', '?cursor=bm90LWEtY3Vyc29y', /cursor: malformed/],
    ['an unknown status', '?status=maybe', /status must be one of new, contacted, booked, to_chase, showed, won, lost/],
    ['a backwards date range', '?from=2026-05-02&to=2026-05-01', /backwards/],
    ['a date that is not one', '?from=yesterday', /from must be a date/],
  ])('answer 400 to %s, saying what is wrong', async (_name, query, message) => {
    const response = await call('GET', `/leads${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) as unknown })
  })

  it('show a lead in full, and 404 for one that does not exist', async () => {
    const attribution = { first_touch: { utm_source: 'fb' }, last_touch: { utm_source: 'ig', utm_campaign: 'launch' } }
    const id = await insertLead(temp.db, { attribution, answers: { name: 'Katherine Johnson' } })
    const delivery = await failedDelivery(id)
    const response = await call('GET', `/leads/${id}`)
    expect(response.statusCode).toBe(200)
    const lead = response.json<LeadDetail>()
    expect(lead).toMatchObject({
      id,
      spam: false,
      source: 'ig',
      status: 'new',
      attribution,
      bookingOpenedAt: null,
      history: [],
      notes: [],
    })
    expect(lead.answers.name).toBe('Katherine Johnson')
    expect(lead.submissionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(lead.deliveries).toEqual([
      {
        id: delivery,
        event: 'application.created',
        channel: 'https://hooks.example/…',
        state: 'failed',
        queuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
        attempts: [{ startedAt: expect.any(String), durationMs: 120, status: 500, error: 'server error' }],
      },
    ])
    expect((await call('GET', `/leads/${id + 1000}`)).statusCode).toBe(404)
    expect((await call('GET', '/leads/abc')).statusCode).toBe(404)
  })

  it('change the status, recording from, to, who and when; refuse an unknown one', async () => {
    const id = await insertLead(temp.db)
    const contacted = await call('PATCH', `/leads/${id}`, { status: 'contacted' })
    expect(contacted.statusCode).toBe(200)
    expect(contacted.json<LeadDetail>().status).toBe('contacted')
    await call('PATCH', `/leads/${id}`, { status: 'contacted' })
    await call('PATCH', `/leads/${id}`, { status: 'won' })
    const { history, status } = (await call('GET', `/leads/${id}`)).json<LeadDetail>()
    expect(status).toBe('won')
    expect(history).toEqual([
      { from: 'new', to: 'contacted', author: OWNER, at: expect.any(String), reason: null },
      { from: 'contacted', to: 'won', author: OWNER, at: expect.any(String), reason: null },
    ])
    expect(Date.now() - Date.parse(history[1]?.at ?? '')).toBeLessThan(60_000)
    const unknown = await call('PATCH', `/leads/${id}`, { status: 'maybe' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<{ message: string }>().message).toMatch(/status must be one of/)
    expect((await call('PATCH', `/leads/${id + 1000}`, { status: 'won' })).statusCode).toBe(404)
    expect((await call('GET', '/leads?status=won')).json<LeadPage>().leads.map((lead) => lead.id)).toEqual([id])
  })

  it('keep notes as typed, with who and when, and refuse an empty one', async () => {
    const id = await insertLead(temp.db)
    const body = '<script>alert("x")</script> & call Tuesday'
    const added = await call('POST', `/leads/${id}/notes`, { body })
    expect(added.statusCode).toBe(201)
    expect(added.json<LeadNote>()).toEqual({ id: expect.any(Number), body, author: OWNER, at: expect.any(String) })
    expect((await call('GET', `/leads/${id}`)).json<LeadDetail>().notes.map((note) => note.body)).toEqual([body])
    expect((await call('POST', `/leads/${id}/notes`, { body: '   ' })).statusCode).toBe(400)
    expect((await call('POST', `/leads/${id + 1000}/notes`, { body: 'x' })).statusCode).toBe(404)
  })

  it('refuse changes without the CSRF token', async () => {
    const id = await insertLead(temp.db)
    const response = await app.inject({
      method: 'PATCH',
      url: `${ADMIN_API_PATH}/leads/${id}`,
      headers: { cookie: session.cookie },
      payload: { status: 'won' },
    })
    expect(response.statusCode).toBe(403)
    expect((await call('GET', `/leads/${id}`)).json<LeadDetail>().status).toBe('new')
  })

  const PAYLOADS = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1']

  it('export the filter as CSV that no spreadsheet runs as formulas', async () => {
    for (const [index, payload] of PAYLOADS.entries()) {
      await insertLead(temp.db, {
        answers: { business: payload, name: `Injector ${index}` },
        receivedAt: new Date(Date.now() - index * 1000),
      })
    }
    await insertLead(temp.db, { answers: { name: 'Someone else' } })
    await insertLead(temp.db, { spam: true, answers: { name: 'Injector bot' } })
    const response = await call('GET', '/leads/export?format=csv&q=injector')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/)
    const rows = parse(response.body, { columns: true }) as Record<string, string>[]
    expect(Object.keys(rows[0] ?? {})).toEqual(leadExportColumns('csv'))
    expect(rows.map((row) => row.name)).toEqual(PAYLOADS.map((_, index) => `Injector ${index}`))
    // The command-line export's writer, byte for byte: a quote before each formula start.
    expect(rows.map((row) => row.business)).toEqual(PAYLOADS.map(neutraliseFormulas))
    expect(rows.every((row) => row.business?.startsWith("'"))).toBe(true)
    expect(rows[0]).toMatchObject({ status: 'new', source: '' })
    expect(formulaCells(csvCells(response.body))).toEqual([])
    for (const delimiter of [',', ';', '\t']) expect(formulaCells(splitCells(response.body, delimiter))).toEqual([])
  })

  it('export as a JSON array with the answers as typed, every lead of the filter, not one page', async () => {
    for (let index = 0; index < LEAD_PAGE_SIZE + 5; index++)
      await insertLead(temp.db, { answers: { business: PAYLOADS[index % PAYLOADS.length] ?? '' } })
    const won = await insertLead(temp.db)
    await call('PATCH', `/leads/${won}`, { status: 'won' })
    const all = await call('GET', '/leads/export?format=json')
    expect(all.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(all.headers['content-disposition']).toMatch(/^attachment; filename="leads-.*\.json"$/)
    const leads = all.json<Record<string, unknown>[]>()
    expect(leads).toHaveLength(LEAD_PAGE_SIZE + 6)
    expect(
      leads
        .slice(1, PAYLOADS.length + 1)
        .map((lead) => lead.business)
        .sort(),
    ).toEqual([...PAYLOADS].sort())
    const filtered = (await call('GET', '/leads/export?format=json&status=won')).json<Record<string, unknown>[]>()
    expect(filtered).toEqual([expect.objectContaining({ id: won, status: 'won' })])
    expect((await call('GET', '/leads/export?format=json&status=lost')).json()).toEqual([])
  })

  it('refuse an export in another format or with a bad filter', async () => {
    expect((await call('GET', '/leads/export?format=xlsx')).statusCode).toBe(400)
    expect((await call('GET', '/leads/export')).statusCode).toBe(400)
    expect((await call('GET', '/leads/export?format=csv&status=maybe')).statusCode).toBe(400)
  })

  it('erase a lead with its notes, history, outbox row, deliveries and attempts, auditing that it happened without its data', async () => {
    const id = await insertLead(temp.db, { answers: { email: 'erase.me@example.com', name: 'Erase Me' } })
    const kept = await insertLead(temp.db)
    await call('POST', `/leads/${id}/notes`, { body: 'called' })
    await call('PATCH', `/leads/${id}`, { status: 'contacted' })
    const delivery = await failedDelivery(id)
    // The app's notifier may have emptied the outbox by now; server/leads/erasure.test.ts,
    // where none runs, shows the erasure takes the row when it is there.

    const response = await call('DELETE', `/leads/${id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ erased: 1 })
    expect(await count('contact_submissions WHERE id = $1', [id])).toBe(0)
    for (const table of ['lead_notes', 'lead_status_changes', 'lead_pipeline', 'lead_outbox', 'lead_deliveries']) {
      expect(await count(`${table} WHERE application_id = $1`, [id])).toBe(0)
    }
    expect(await count('lead_delivery_attempts WHERE delivery_id = $1', [delivery])).toBe(0)
    expect(await count('contact_submissions WHERE id = $1', [kept])).toBe(1)

    const audit = await temp.db.query<Record<string, unknown>>(
      'SELECT actor_email, action, lead_id::text AS lead_id, detail FROM admin_audit',
    )
    expect(audit).toEqual([{ actor_email: OWNER, action: 'lead.erase', lead_id: String(id), detail: { erased: 1 } }])
    expect(JSON.stringify(audit)).not.toMatch(/erase\.me|Erase Me/i)
    expect((await call('DELETE', `/leads/${id}`)).statusCode).toBe(404)
  })

  it('erase every lead of an email in any case, spam included, auditing how many without the address', async () => {
    const first = await insertLead(temp.db, { answers: { email: 'Twice@Example.com' } })
    const second = await insertLead(temp.db, { answers: { email: 'twice@example.COM' }, spam: true })
    const other = await insertLead(temp.db, { answers: { email: 'twice@example.org' } })
    await call('POST', `/leads/${first}/notes`, { body: 'note' })
    const response = await call('POST', '/erasure', { email: ' TWICE@example.com ' })
    expect(response.json()).toEqual({ erased: 2 })
    expect(await count('contact_submissions WHERE id = ANY($1::bigint[])', [[first, second]])).toBe(0)
    expect(await count('lead_notes')).toBe(0)
    expect(await count('contact_submissions WHERE id = $1', [other])).toBe(1)
    const audit = await temp.db.query<{ action: string; lead_id: string | null; detail: unknown }>(
      'SELECT action, lead_id, detail FROM admin_audit',
    )
    expect(audit).toEqual([
      { action: 'lead.erase-by-email', lead_id: null, detail: { erased: 2, leadIds: [first, second] } },
    ])
    expect(JSON.stringify(audit)).not.toMatch(/twice/i)
    expect((await call('POST', '/erasure', { email: 'x' })).statusCode).toBe(400)
  })
})
