import { beforeEach, describe, expect, it } from 'vitest'
import type { LeadListQuery } from '../../common/admin-api-schema.ts'
import { LEAD_PAGE_SIZE, type LeadSummary } from '../../common/lead-list-api.ts'
import { ApiError } from '../http/api-error.ts'
import { changeLeadStatus } from '../lead-lifecycle/status-change.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { encodeCursor } from './cursor.ts'
import { SEARCH_FIELDS, SEARCH_SEPARATOR, parseLeadQuery } from './lead-filter.ts'
import { listLeads } from './lead-page.ts'

const temp = useTempDatabase()
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})

const list = (query: LeadListQuery = {}, pageSize?: number) => {
  return listLeads(temp.db, parseLeadQuery(query), { pageSize })
}
const ids = (leads: LeadSummary[]) => leads.map((lead) => lead.id)

/** Every page of a query, following nextCursor; `between` runs before each next page. */
async function allPages(
  query: LeadListQuery,
  pageSize: number,
  between: () => Promise<unknown> = async () => undefined,
) {
  const seen: number[] = []
  let cursor: string | undefined
  for (let pages = 0; pages < 100; pages++) {
    const page = await list({ ...query, ...(cursor === undefined ? {} : { cursor }) }, pageSize)
    seen.push(...ids(page.leads))
    if (page.nextCursor === undefined) return seen
    cursor = page.nextCursor
    await between()
  }
  throw new Error('more than 100 pages')
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000)

describe(`the lead list on ${DATABASE_TARGET}`, () => {
  it('lists leads newest first with their answers, source and status, and never spam', async () => {
    const older = await insertLead(temp.db, {
      receivedAt: ago(60),
      attribution: { last_touch: { utm_source: 'IG', referrer_origin: 'https://l.instagram.com' } },
    })
    const newer = await insertLead(temp.db, {
      receivedAt: ago(10),
      attribution: { last_touch: { referrer_origin: 'https://www.google.com:443' } },
    })
    const plain = await insertLead(temp.db, { receivedAt: ago(30), answers: { name: 'Grace Hopper' } })
    await insertLead(temp.db, { receivedAt: ago(5), spam: true })

    const page = await list()
    expect(ids(page.leads)).toEqual([newer, plain, older])
    expect(page.nextCursor).toBeUndefined()
    const [first, second, third] = page.leads
    expect(first?.source).toBe('www.google.com')
    expect(second).toMatchObject({ source: null, status: 'new', answers: { name: 'Grace Hopper' } })
    expect(third?.source).toBe('ig')
    expect(Date.parse(first?.receivedAt ?? '')).toBeCloseTo(ago(10).getTime(), -4)
  })

  it('lists spam alone in the spam view', async () => {
    const spam = await insertLead(temp.db, { spam: true })
    await insertLead(temp.db)
    expect(ids((await list({ view: 'spam' })).leads)).toEqual([spam])
  })

  it('pages by cursor without duplicates or gaps, also when leads share a time and new ones arrive', async () => {
    const sameTime = ago(100)
    const existing: number[] = []
    for (let index = 0; index < 23; index++)
      existing.push(await insertLead(temp.db, { receivedAt: index % 4 === 0 ? sameTime : ago(200 - index) }))
    let arrived = 0
    const seen = await allPages({}, 5, async () => {
      arrived++
      await insertLead(temp.db)
    })
    expect(arrived).toBe(4)
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort((a, b) => a - b)).toEqual([...existing].sort((a, b) => a - b))
  })

  it('pages a full first page of LEAD_PAGE_SIZE by default', async () => {
    for (let index = 0; index < LEAD_PAGE_SIZE + 1; index++) await insertLead(temp.db, { receivedAt: ago(index) })
    const first = await list()
    expect(first.leads).toHaveLength(LEAD_PAGE_SIZE)
    const second = await list({ cursor: first.nextCursor })
    expect(second.leads).toHaveLength(1)
    expect(second.nextCursor).toBeUndefined()
  })

  it.each(SEARCH_FIELDS)('finds a case-insensitive substring of %s, and only there', async (field) => {
    const hit = await insertLead(temp.db, {
      answers: { [field]: field === 'email' ? 'Zebra.Crossing@Example.com' : 'the ZEBRA crossing' },
    })
    await insertLead(temp.db, { answers: { challenges: 'a zebra in the long answer is not searched' } })
    expect(ids((await list({ q: 'zEbRa' })).leads)).toEqual([hit])
    expect(ids((await list({ q: 'BRA' })).leads)).toEqual([hit])
  })

  it('does not count a match that spans two answers', async () => {
    await insertLead(temp.db, { answers: { name: 'Ada Lovelace', email: 'countess@example.com' } })
    expect(ids((await list({ q: 'lovelace countess' })).leads)).toEqual([])
    // The index joins the answers with this control character; a search holding it is refused, so none reaches across them.
    expect(() => list({ q: `lovelace${SEARCH_SEPARATOR}countess` })).toThrow(/^q: must hold no control characters/)
    expect(() => list({ q: SEARCH_SEPARATOR })).toThrow(ApiError)
    expect((await list({ q: 'lovelace' })).leads).toHaveLength(1)
  })

  it('searches LIKE wildcards as plain characters', async () => {
    const percent = await insertLead(temp.db, { answers: { business: 'growth 100% guaranteed' } })
    await insertLead(temp.db, { answers: { business: 'growth 1000 guaranteed' } })
    expect(ids((await list({ q: '100%' })).leads)).toEqual([percent])
    expect(ids((await list({ q: 'wth_1' })).leads)).toEqual([])
  })

  it('filters by status, source and an inclusive range of UTC days, together with search and paging', async () => {
    const day = (iso: string) => new Date(iso)
    const before = await insertLead(temp.db, { receivedAt: day('2026-03-31T23:59:59.999Z') })
    const firstMoment = await insertLead(temp.db, {
      receivedAt: day('2026-04-01T00:00:00Z'),
      attribution: { last_touch: { utm_source: 'fb' } },
    })
    const lastMoment = await insertLead(temp.db, {
      receivedAt: day('2026-04-02T23:59:59.999Z'),
      attribution: { last_touch: { utm_source: 'fb' } },
    })
    const after = await insertLead(temp.db, { receivedAt: day('2026-04-03T00:00:00Z') })
    expect(ids((await list({ from: '2026-04-01', to: '2026-04-02' })).leads)).toEqual([lastMoment, firstMoment])
    expect(ids((await list({ from: '2026-04-03' })).leads)).toContain(after)
    expect(ids((await list({ to: '2026-03-31' })).leads)).toEqual([before])
    expect(ids((await list({ source: 'FB' })).leads)).toEqual([lastMoment, firstMoment])

    await changeLeadStatus(temp.db, firstMoment, 'booked', 'owner@example.com')
    await changeLeadStatus(temp.db, before, 'booked', 'owner@example.com')
    expect(ids((await list({ status: 'booked' })).leads)).toEqual([firstMoment, before])
    expect(ids((await list({ status: 'booked', source: 'fb' })).leads)).toEqual([firstMoment])
    expect(ids((await list({ status: 'new', from: '2026-04-01' })).leads)).toEqual([after, lastMoment])
    expect(await allPages({ status: 'booked' }, 1)).toEqual([firstMoment, before])
  })

  it('refuses a malformed cursor, an unknown status and a backwards range, saying which', () => {
    const refusal = (query: unknown) => {
      try {
        parseLeadQuery(query)
      } catch (error) {
        if (error instanceof ApiError) return error.message
        throw error
      }
      throw new Error('accepted')
    }
    expect(refusal({ cursor: 'not-a-cursor' })).toMatch(/^cursor: malformed/)
    expect(refusal({ cursor: encodeCursor({ receivedAt: '2026-01-01T00:00:00.000000Z', id: '-1' }) })).toMatch(/cursor/)
    expect(refusal({ status: 'maybe' })).toMatch(
      /^status: status must be one of new, contacted, booked, to_chase, showed, won, lost/,
    )
    expect(refusal({ from: '2026-05-02', to: '2026-05-01' })).toMatch(/backwards/)
    expect(refusal({ from: '2026-02-30' })).toMatch(/^from: /)
    expect(refusal({ colour: 'red' })).toMatch(/colour/)
  })
})
