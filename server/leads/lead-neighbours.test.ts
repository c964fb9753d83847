import { beforeEach, describe, expect, it } from 'vitest'
import type { LeadNeighbours } from '../../common/lead-page-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
const { get, call } = useSignedInInbox((inbox) => {
  ;({ temp } = inbox)
})
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
const neighbours = async (id: number, query = '') => {
  const response = await get(`/leads/${id}/neighbours${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<LeadNeighbours>()
}

describe(`GET /api/admin/leads/:id/neighbours on ${DATABASE_TARGET}`, () => {
  it('answers the leads above and below in the list’s order, null at either end', async () => {
    // Inserted out of order: the list's order is the time received, newest first.
    const middle = await insertLead(temp.db, { receivedAt: minutesAgo(20) })
    const newest = await insertLead(temp.db, { receivedAt: minutesAgo(10) })
    const oldest = await insertLead(temp.db, { receivedAt: minutesAgo(30) })
    expect(await neighbours(newest)).toEqual({ previous: null, next: middle })
    expect(await neighbours(middle)).toEqual({ previous: newest, next: oldest })
    expect(await neighbours(oldest)).toEqual({ previous: middle, next: null })
  })

  it('keeps two leads of the same second apart by their id, as the list does', async () => {
    const at = minutesAgo(5)
    const first = await insertLead(temp.db, { receivedAt: at })
    const second = await insertLead(temp.db, { receivedAt: at })
    expect(await neighbours(second)).toEqual({ previous: null, next: first })
    expect(await neighbours(first)).toEqual({ previous: second, next: null })
  })

  it('follows the filters: status, search, spam view', async () => {
    const ids: number[] = []
    for (let index = 0; index < 5; index++)
      ids.push(await insertLead(temp.db, { receivedAt: minutesAgo(10 * (index + 1)) }))
    const [a, b, c, d, e] = ids as [number, number, number, number, number]
    for (const id of [b, d]) expect((await call('PATCH', `/leads/${id}`, { status: 'contacted' })).statusCode).toBe(200)
    expect(await neighbours(b, '?status=contacted')).toEqual({ previous: null, next: d })
    expect(await neighbours(d, '?status=contacted')).toEqual({ previous: b, next: null })
    // A lead outside the filter (its status changed since the list was read) still has its place in it.
    expect(await neighbours(c, '?status=contacted')).toEqual({ previous: b, next: d })
    expect(await neighbours(c, '?status=new')).toEqual({ previous: a, next: e })

    const spam = await insertLead(temp.db, { spam: true, receivedAt: minutesAgo(25) })
    expect(await neighbours(c)).toEqual({ previous: b, next: d })
    expect(await neighbours(spam, '?view=spam')).toEqual({ previous: null, next: null })

    const named = await insertLead(temp.db, { answers: { name: 'Zebediah Quark' }, receivedAt: minutesAgo(60) })
    expect(await neighbours(a, '?q=zebediah')).toEqual({ previous: null, next: named })
  })

  it.each(['name', 'status'] as const)('follows the list sorted by %s, ties kept apart by id', async (sort) => {
    const statuses = ['won', 'new', 'contacted', 'new', 'won', 'lost']
    const names = ['bea', 'Ada', 'cy', 'ada', 'Bea', 'dee']
    for (const [index, name] of names.entries()) {
      const id = await insertLead(temp.db, { answers: { name }, receivedAt: minutesAgo(index % 3) })
      const status = statuses[index]
      if (status !== 'new') expect((await call('PATCH', `/leads/${id}`, { status })).statusCode).toBe(200)
    }
    // The list's own order, as its pages give it.
    const order: number[] = []
    let cursor = ''
    for (;;) {
      const response = await get(`/leads?sort=${sort}${cursor}`)
      const page = response.json<{ leads: { id: number }[]; nextCursor?: string }>()
      order.push(...page.leads.map((lead) => lead.id))
      if (page.nextCursor === undefined) break
      cursor = `&cursor=${page.nextCursor}`
    }
    expect(order).toHaveLength(names.length)
    for (const [index, id] of order.entries()) {
      expect(await neighbours(id, `?sort=${sort}`), `lead ${index + 1} of ${order.length}`).toEqual({
        previous: order[index - 1] ?? null,
        next: order[index + 1] ?? null,
      })
    }
  })

  it('answers 400 for a filter the list refuses, and 404 for an unknown or malformed id', async () => {
    const id = await insertLead(temp.db)
    for (const [query, message] of [
      ['?status=maybe', /status/],
      ['?from=2026-05-02&to=2026-05-01', /backwards/],
      ['?colour=red', /colour/],
    ] as const) {
      const response = await get(`/leads/${id}/neighbours${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(message)
    }
    for (const path of [`/leads/${id + 1000}/neighbours`, '/leads/abc/neighbours']) {
      const response = await get(path)
      expect(response.statusCode, path).toBe(404)
      expect(response.json()).toMatchObject({ error: expect.any(String), message: 'no such lead' })
    }
  })
})
