import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { mergePath, type LeadMergeResult } from '../../common/merge-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { createAdminAccount, signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { OWNER, PASSWORD, useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
const { call, get } = useSignedInInbox((inbox) => {
  ;({ temp, app } = inbox)
})

const DAY = 24 * 60 * 60 * 1000
const own = () => validAnswers({}, { tag: randomUUID().slice(0, 8) })
const lead = (answers: Record<string, string>, daysAgo = 0, spam = false) =>
  insertLead(temp.db, { answers, spam, receivedAt: new Date(Date.now() - daysAgo * DAY) })

const merge = (id: number, other: unknown) => call('POST', mergePath(id), { with: other })
const detailOf = async (id: number) => (await get(`/leads/${id}`)).json<LeadDetail>()

async function addBooking(applicationId: number, startsInDays: number) {
  const [row] = await temp.db.query<{ id: string }>(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at, ends_at)
     VALUES ('calendly', $1, $2, now() + make_interval(days => $3), now() + make_interval(days => $3, mins => 30))
     RETURNING id::text AS id`,
    [randomUUID(), applicationId, startsInDays],
  )
  return Number(row?.id)
}

/** The same applicant twice: an older lead and a newer one with its email and other answers. */
async function twoApplications() {
  const answers = own()
  const older = await lead(answers, 20)
  const newer = await lead({ ...answers, business: `A second business ${answers.business}`, phone: '+1 212 555 0123' })
  return { answers, older, newer }
}

describe(`merging leads on ${DATABASE_TARGET}`, () => {
  it('keeps the older lead, with the newer answers as history and its bookings, notes and history moved', async () => {
    const { answers, older, newer } = await twoApplications()
    expect((await call('POST', `/leads/${older}/notes`, { body: 'First call went well' })).statusCode).toBe(201)
    expect((await call('POST', `/leads/${newer}/notes`, { body: 'Applied again, same studio' })).statusCode).toBe(201)
    expect((await call('PATCH', `/leads/${newer}`, { status: 'contacted' })).statusCode).toBe(200)
    const bookings = [await addBooking(older, -10), await addBooking(newer, 2)]

    // From the newer lead's page: the older survives all the same.
    const merged = await merge(newer, older)
    expect(merged.statusCode, merged.body).toBe(200)
    expect(merged.json<LeadMergeResult>()).toEqual({ survivorId: older, mergedId: newer })

    expect((await get(`/leads/${newer}`)).statusCode).toBe(404)
    const survivor = await detailOf(older)
    expect(survivor.answers.business).toBe(answers.business)
    expect(survivor.mergedApplications).toEqual([
      expect.objectContaining({
        id: newer,
        mergedBy: OWNER,
        answers: expect.objectContaining({
          business: `A second business ${answers.business}`,
          phone: '+1 212 555 0123',
        }),
      }),
    ])
    expect(survivor.notes.map((note) => note.body)).toEqual(['First call went well', 'Applied again, same studio'])
    expect(survivor.bookings).toHaveLength(2)
    expect(
      await temp.db.query('SELECT id::text AS id FROM bookings WHERE application_id = $1 ORDER BY id', [older]),
    ).toEqual(bookings.map((id) => ({ id: String(id) })))
    // Its status history came along, and the survivor took its status, as it changed last.
    expect(survivor.history.map(({ from, to, author }) => ({ from, to, author }))).toEqual([
      { from: 'new', to: 'contacted', author: OWNER },
      { from: 'new', to: 'contacted', author: OWNER },
    ])
    expect(survivor.status).toBe('contacted')
    expect(survivor.duplicates).toEqual([])
    expect(survivor.appliedAgain).toBe(false)

    // One lead in the list now, and nothing of the merged one left behind but its answers, kept on the survivor.
    const page = (await get(`/leads?q=${encodeURIComponent(answers.name)}`)).json<LeadPage>()
    expect(page.leads.map((row) => row.id)).toEqual([older])
    for (const table of [
      'contact_submissions WHERE id',
      'lead_pipeline WHERE application_id',
      'lead_notes WHERE application_id',
      'lead_status_changes WHERE application_id',
    ])
      expect(await temp.db.query(`SELECT 1 FROM ${table} = $1`, [newer])).toEqual([])

    const audit = await temp.db.query<{ actor_email: string; lead_id: string; detail: unknown }>(
      `SELECT actor_email, lead_id::text AS lead_id, detail FROM admin_audit WHERE action = 'lead.merge' AND lead_id = $1`,
      [older],
    )
    expect(audit).toEqual([{ actor_email: OWNER, lead_id: String(older), detail: { mergedId: newer } }])
  })

  it('keeps the survivor status when it changed last', async () => {
    const { older, newer } = await twoApplications()
    expect((await call('PATCH', `/leads/${newer}`, { status: 'contacted' })).statusCode).toBe(200)
    expect((await call('PATCH', `/leads/${older}`, { status: 'won' })).statusCode).toBe(200)
    expect((await merge(older, newer)).statusCode).toBe(200)
    expect((await detailOf(older)).status).toBe('won')
  })

  it('moves the newer lead’s outcomes: a won amount survives the merge', async () => {
    const { older, newer } = await twoApplications()
    expect((await call('POST', `/leads/${newer}/outcome`, { outcome: 'won', amount: '2400.00' })).statusCode).toBe(201)
    expect((await merge(older, newer)).statusCode).toBe(200)
    const survivor = await detailOf(older)
    expect(survivor.status).toBe('won')
    expect(survivor.outcomes.map(({ outcome, amount }) => ({ outcome, amount }))).toEqual([
      { outcome: 'won', amount: '2400.00' },
    ])
  })

  it('gives a survivor nobody owned the merged lead’s owner, with its owner history', async () => {
    const teammate = `owner-${randomUUID().slice(0, 8)}@example.com`
    await createAdminAccount(temp.db, teammate, PASSWORD)
    const [account] = await temp.db.query<{ id: string }>('SELECT id::text FROM admin_accounts WHERE email = $1', [
      teammate,
    ])
    const { older, newer } = await twoApplications()
    expect((await call('PUT', `/leads/${newer}/owner`, { owner: Number(account?.id) })).statusCode).toBe(200)
    expect((await merge(older, newer)).statusCode).toBe(200)
    const survivor = await detailOf(older)
    expect(survivor.owner?.email).toBe(teammate)
    expect(survivor.ownerChanges.map(({ owner, author }) => ({ owner, author }))).toEqual([
      { owner: teammate, author: OWNER },
    ])
  })

  it('is open to a teammate, recorded as theirs', async () => {
    const teammate = `teammate-${randomUUID().slice(0, 8)}@example.com`
    await createAdminAccount(temp.db, teammate, PASSWORD)
    const session = await signIn(app, teammate, PASSWORD)
    const { older, newer } = await twoApplications()
    const response = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}${mergePath(older)}`,
      headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
      payload: { with: newer },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await detailOf(older)).mergedApplications).toEqual([expect.objectContaining({ mergedBy: teammate })])
  })

  it('is refused without the CSRF token, and merges nothing', async () => {
    const { older, newer } = await twoApplications()
    const { cookie } = await signIn(app, OWNER, PASSWORD)
    const response = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}${mergePath(older)}`,
      headers: { cookie },
      payload: { with: newer },
    })
    expect(response.statusCode).toBe(403)
    expect((await get(`/leads/${newer}`)).statusCode).toBe(200)
  })

  it('answers a clear 4xx for itself, spam, a lead merged already, an unknown one, another applicant or a bad body', async () => {
    const { answers, older, newer } = await twoApplications()
    const spam = await lead(answers, 1, true)
    const stranger = await lead(own())

    const itself = await merge(older, older)
    expect([itself.statusCode, itself.json<{ message: string }>().message]).toEqual([
      400,
      expect.stringContaining('itself'),
    ])
    const withSpam = await merge(older, spam)
    expect([withSpam.statusCode, withSpam.json<{ message: string }>().message]).toEqual([
      409,
      expect.stringContaining('spam'),
    ])
    const another = await merge(older, stranger)
    expect(another.statusCode).toBe(409)
    expect((await merge(older, 9_000_000_000)).statusCode).toBe(404)
    for (const body of ['x', -1, 1.5, null]) expect((await merge(older, body)).statusCode).toBe(400)
    expect((await call('POST', mergePath(older), { with: newer, extra: 1 })).statusCode).toBe(400)

    expect((await merge(older, newer)).statusCode).toBe(200)
    const again = await merge(newer, older)
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([
      409,
      `Lead ${newer} was merged into lead ${older} already.`,
    ])
    // Nothing refused changed anything.
    expect((await detailOf(older)).mergedApplications.map((m) => m.id)).toEqual([newer])
    expect((await get(`/leads/${stranger}`)).statusCode).toBe(200)
  })

  it('is erased with the survivor: by its address, or by the address of the application merged into it', async () => {
    for (const erasedBy of ['survivor', 'merged'] as const) {
      const answers = own()
      const digits = String(Date.now()).slice(-9)
      const older = await lead({ ...answers, phone: `+44 ${digits}` }, 5)
      const otherAnswers = own()
      const newer = await lead({ ...otherAnswers, phone: `+44 ${digits}` })
      expect((await merge(older, newer)).statusCode).toBe(200)
      const email = erasedBy === 'survivor' ? answers.email : otherAnswers.email
      const erased = await call('POST', '/erasure', { email })
      expect(erased.json()).toEqual({ erased: 1 })
      expect((await get(`/leads/${older}`)).statusCode).toBe(404)
      expect(
        await temp.db.query(
          `SELECT 1 FROM lead_merges WHERE survivor_id = $1 OR merged_id = $2 OR lower(answers ->> 'email') = ANY($3::text[])`,
          [older, newer, `{${answers.email.toLowerCase()},${otherAnswers.email.toLowerCase()}}`],
        ),
      ).toEqual([])
    }
  })

  it('carries what was merged before into the next survivor', async () => {
    const answers = own()
    const first = await lead(answers, 60)
    const second = await lead({ ...answers, business: 'Second' }, 30)
    const third = await lead({ ...answers, business: 'Third' })
    expect((await merge(third, second)).json()).toEqual({ survivorId: second, mergedId: third })
    expect((await merge(second, first)).json()).toEqual({ survivorId: first, mergedId: second })
    expect((await detailOf(first)).mergedApplications.map((m) => [m.id, m.answers.business])).toEqual([
      [second, 'Second'],
      [third, 'Third'],
    ])
  })
})
