import { beforeEach, describe, expect, it } from 'vitest'
import type { LeadListQuery } from '../../common/admin-api-schema.ts'
import { LEAD_COUNT_CAP, type LeadSummary, SEARCH_COUNT_CAP } from '../../common/lead-list-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-status.ts'
import { changeLeadStatus } from '../lead-lifecycle/status-change.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { everyPage } from '../testing/every-page.ts'
import { leadQueryRefusal } from '../testing/lead-query-refusal.ts'
import { insertLead, seedLeads } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { parseLeadQuery } from './lead-filter.ts'
import { leadNeighbours } from './lead-neighbours.ts'
import { countLeads, listLeads } from './lead-page.ts'
import { STATUS_SEARCH_CAP } from './list-sort.ts'

const temp = useTempDatabase()
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})

const list = (query: LeadListQuery, pageSize?: number) => listLeads(temp.db, parseLeadQuery(query), { pageSize })
const count = (query: LeadListQuery) => countLeads(temp.db, parseLeadQuery(query))

const allPages = (query: LeadListQuery, pageSize: number) => everyPage(list, query, pageSize)

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000)
const SAME_TIME = ago(30)

/** Leads with repeated names, statuses and times, so that every order has ties that only the id breaks. */
async function seedTies() {
  const names = ['bea Stone', 'Alma Ray', 'Bea Stone', 'Cleo Park', 'alma ray', 'Bea Stone', 'Dana Fox']
  const statuses: LeadStatus[] = ['won', 'new', 'new', 'contacted', 'won', 'new', 'lost']
  const leads: { id: number; name: string; status: LeadStatus; minutes: number }[] = []
  for (const [index, name] of names.entries()) {
    // Three leads share a time to the microsecond.
    const minutes = index < 3 ? 30 : 30 + index
    const id = await insertLead(temp.db, { receivedAt: index < 3 ? SAME_TIME : ago(minutes), answers: { name } })
    const status = statuses[index]!
    if (status !== 'new') await changeLeadStatus(temp.db, id, status, 'owner@example.com')
    leads.push({ id, name, status, minutes })
  }
  return leads
}

describe(`the lead list's sorts and count on ${DATABASE_TARGET}`, () => {
  it.each([1, 2, 3, 50])(
    'pages through every order with ties, %i a page, each lead once and in order',
    async (pageSize) => {
      const leads = await seedTies()
      const byReceived = [...leads].sort((a, b) => a.minutes - b.minutes || b.id - a.id).map((lead) => lead.id)
      const byName = [...leads]
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id)
        .map((lead) => lead.id)
      const rank = (status: LeadStatus) => LEAD_STATUSES.indexOf(status)
      const byStatus = [...leads]
        .sort((a, b) => rank(a.status) - rank(b.status) || a.minutes - b.minutes || b.id - a.id)
        .map((lead) => lead.id)

      expect((await allPages({}, pageSize)).map((lead) => lead.id)).toEqual(byReceived)
      expect((await allPages({ sort: 'received' }, pageSize)).map((lead) => lead.id)).toEqual(byReceived)
      expect((await allPages({ sort: 'name' }, pageSize)).map((lead) => lead.id)).toEqual(byName)
      expect((await allPages({ sort: 'status' }, pageSize)).map((lead) => lead.id)).toEqual(byStatus)
      // A filter and a sort together: only the leads of the status, in the order asked.
      const won = leads.filter((lead) => lead.status === 'won')
      expect((await allPages({ sort: 'status', status: 'won' }, pageSize)).map((lead) => lead.id)).toEqual(
        byStatus.filter((id) => won.some((lead) => lead.id === id)),
      )
      expect((await allPages({ sort: 'name', q: 'bea' }, pageSize)).map((lead) => lead.answers.name)).toEqual([
        'bea Stone',
        'Bea Stone',
        'Bea Stone',
      ])
    },
  )

  it.each([1, 2, 50])(
    'lists a search in the status order from its matches read once, %i a page, with the neighbours either side',
    async (pageSize) => {
      const leads = await seedTies()
      const rank = (status: LeadStatus) => LEAD_STATUSES.indexOf(status)
      const expected = leads
        .filter((lead) => lead.name.toLowerCase().includes('bea'))
        .sort((a, b) => rank(a.status) - rank(b.status) || a.minutes - b.minutes || b.id - a.id)
        .map((lead) => lead.id)
      expect(expected).toHaveLength(3)
      expect((await allPages({ sort: 'status', q: 'BEA' }, pageSize)).map((lead) => lead.id)).toEqual(expected)
      const query = parseLeadQuery({ sort: 'status', q: 'bea' })
      expect(await leadNeighbours(temp.db, expected[1]!, query)).toEqual({ previous: expected[0], next: expected[2] })
      expect(await leadNeighbours(temp.db, expected[0]!, query)).toEqual({ previous: null, next: expected[1] })
    },
  )

  it(`lists a search matching more than ${STATUS_SEARCH_CAP.toLocaleString('en')} leads in the status order by the walk per status, the same order`, async () => {
    await seedLeads(temp.db, STATUS_SEARCH_CAP + 30, { spamPercent: 0 })
    const ids = (leads: LeadSummary[]) => leads.map((lead) => lead.id)
    // Every seeded address ends @example.com: the search keeps every lead, in the order of the list without it.
    const everyLead = ids(await allPages({ sort: 'status' }, 100))
    expect(everyLead).toHaveLength(STATUS_SEARCH_CAP + 30)
    expect(ids(await allPages({ sort: 'status', q: 'example.com' }, 100))).toEqual(everyLead)
  })

  it('counts every lead of the filter, spam apart, as many as its pages list', async () => {
    await seedTies()
    await insertLead(temp.db, { spam: true })
    expect(await count({})).toEqual({ total: 7, totalCapped: false })
    expect(await allPages({}, 2)).toHaveLength(7)
    // The spam entry is new too: a status's count leaves it out.
    expect(await count({ status: 'new' })).toEqual({ total: 3, totalCapped: false })
    expect((await list({ status: 'new' })).leads).toHaveLength(3)
    expect(await count({ status: 'new', from: '2000-01-01', to: '2000-01-02' })).toMatchObject({ total: 0 })
    expect(await count({ status: 'won', source: 'nowhere' })).toMatchObject({ total: 0 })
    expect(await count({ q: 'bea', sort: 'name' })).toMatchObject({ total: 3 })
    expect(await count({ view: 'spam' })).toMatchObject({ total: 1 })
    expect(await count({ q: 'nobody' })).toEqual({ total: 0, totalCapped: false })
  })

  it(`stops counting past ${LEAD_COUNT_CAP.toLocaleString('en')}`, async () => {
    await seedLeads(temp.db, LEAD_COUNT_CAP + 2, { spamPercent: 0 })
    expect(await count({})).toEqual({ total: LEAD_COUNT_CAP, totalCapped: true })
  })

  it(`stops counting a search past ${SEARCH_COUNT_CAP.toLocaleString('en')}, each match costing the search's check`, async () => {
    await seedLeads(temp.db, SEARCH_COUNT_CAP + 5, { spamPercent: 0 })
    // Every seeded address ends @example.com.
    expect(await count({ q: 'example.com' })).toEqual({ total: SEARCH_COUNT_CAP, totalCapped: true })
    expect(await count({})).toEqual({ total: SEARCH_COUNT_CAP + 5, totalCapped: false })
  })

  it('keeps only the ids asked for, and refuses a bad list of them', async () => {
    const leads = await seedTies()
    const wanted = [leads[1]!.id, leads[4]!.id]
    expect((await list({ ids: wanted.join(',') })).leads.map((lead) => lead.id).sort()).toEqual(wanted.sort())
    for (const ids of ['', 'a', '1,,2', '0', Array.from({ length: 501 }, (_, index) => index + 1).join(',')])
      expect(() => parseLeadQuery({ ids })).toThrow(/ids must be 1 to 500 lead ids/)
  })

  it('refuses an unknown sort, and a cursor made for another sort', async () => {
    expect(() => parseLeadQuery({ sort: 'budget' })).toThrow(/sort must be one of received, name, status/)
    await seedTies()
    const byName = await list({ sort: 'name' }, 2)
    const byTime = await list({}, 2)
    const refusal = leadQueryRefusal
    expect(refusal({ sort: 'received', cursor: byName.nextCursor })).toMatch(/cursor: made for another sort \(name\)/)
    expect(refusal({ sort: 'name', cursor: byTime.nextCursor })).toMatch(/cursor: made for another sort \(received\)/)
    expect(refusal({ sort: 'status', cursor: Buffer.from('status|maybe|x|1').toString('base64url') })).toMatch(
      /cursor: malformed/,
    )
    expect(refusal({ sort: 'name', cursor: Buffer.from('name|AA|1').toString('base64url') })).toMatch(
      /cursor: malformed/,
    )
  })
})
