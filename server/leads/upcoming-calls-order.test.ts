import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LeadListQuery } from '../../common/admin-api-schema.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { everyPage } from '../testing/every-page.ts'
import { leadQueryRefusal } from '../testing/lead-query-refusal.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { parseLeadQuery } from './lead-filter.ts'
import { leadNeighbours } from './lead-neighbours.ts'
import { listLeads } from './lead-page.ts'

const temp = useTempDatabase()
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})

const list = (query: LeadListQuery, pageSize?: number) => listLeads(temp.db, parseLeadQuery(query), { pageSize })

const allPages = (query: LeadListQuery, pageSize: number) => everyPage(list, query, pageSize)

const HOUR = 3_600_000
// Whole seconds from now: utcText and the summary's JSON write them alike.
const inHours = (hours: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + hours * HOUR)

async function book(applicationId: number, startsAt: Date, state = 'scheduled') {
  await temp.db.query(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, state, starts_at, ends_at)
     VALUES ('calendly', $1, $2, $3, $4::timestamptz, $4::timestamptz + interval '30 minutes')`,
    [randomUUID(), applicationId, state, startsAt.toISOString()],
  )
}

/**
 * Leads that applied in one order and booked calls in another: the newest
 * application has the latest call (Mon 30 against Sat 28), two calls start
 * together, one lead cancelled a sooner call for a later one, one call is past.
 */
async function seedCalls() {
  const lead = (name: string, appliedHoursAgo: number) =>
    insertLead(temp.db, { answers: { name }, receivedAt: inHours(-appliedHoursAgo) })
  const monday = await lead('Mona Newest', 1)
  const saturday = await lead('Sam Soonest', 50)
  const tieA = await lead('Tia Same', 20)
  const tieB = await lead('Tom Same', 30)
  const rebooked = await lead('Rae Rebooked', 10)
  const past = await lead('Pat Past', 5)
  const none = await lead('Nel None', 2)
  await book(monday, inHours(60))
  await book(saturday, inHours(3))
  await book(tieA, inHours(24))
  await book(tieB, inHours(24))
  await book(rebooked, inHours(1), 'canceled')
  await book(rebooked, inHours(40))
  await book(past, inHours(-2))
  const soonestFirst = [saturday, ...[tieA, tieB].sort((a, b) => a - b), rebooked, monday]
  return { soonestFirst, past, none }
}

describe(`the upcoming calls, soonest first, on ${DATABASE_TARGET}`, () => {
  it.each([1, 2, 50])(
    'lists the leads by their call’s start, %i a page, each once, the call shown its own',
    async (size) => {
      const { soonestFirst } = await seedCalls()
      const leads = await allPages({ booking: 'upcoming' }, size)
      expect(leads.map((lead) => lead.id)).toEqual(soonestFirst)
      // Each row's call is the one the order went by, to come, in start order.
      const starts = leads.map((lead) => lead.booking?.startsAt ?? '')
      expect(starts.every((start) => Date.parse(start) > Date.now())).toBe(true)
      expect([...starts].sort()).toEqual(starts)
    },
  )

  it('keeps the order asked for by name or status, and the newest first without the filter', async () => {
    const { soonestFirst, past, none } = await seedCalls()
    const byName = (await allPages({ booking: 'upcoming', sort: 'name' }, 2)).map((lead) => lead.answers.name)
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)))
    expect(byName).toHaveLength(soonestFirst.length)
    const newest = (await allPages({}, 3)).map((lead) => lead.id)
    expect(newest.slice(0, 2)).toEqual([soonestFirst.at(-1), none])
    expect(newest).toContain(past)
  })

  it('gives each lead’s neighbours in the order of the calls, and none to a lead with no call to come', async () => {
    const { soonestFirst, none } = await seedCalls()
    const query = parseLeadQuery({ booking: 'upcoming' })
    for (const [index, id] of soonestFirst.entries())
      expect(await leadNeighbours(temp.db, id, query)).toEqual({
        previous: soonestFirst[index - 1] ?? null,
        next: soonestFirst[index + 1] ?? null,
      })
    expect(await leadNeighbours(temp.db, none, query)).toEqual({ previous: null, next: null })
  })

  it('refuses a cursor of the newest-first order for the calls’ order, and the other way round', async () => {
    await seedCalls()
    const refusal = leadQueryRefusal
    const byCall = await list({ booking: 'upcoming' }, 1)
    const byTime = await list({}, 1)
    expect(refusal({ booking: 'upcoming', cursor: byCall.nextCursor })).toBe('accepted')
    expect(refusal({ booking: 'upcoming', cursor: byTime.nextCursor })).toMatch(/made for another sort \(received\)/)
    expect(refusal({ cursor: byCall.nextCursor })).toMatch(/made for another sort \(call\)/)
    expect(refusal({ booking: 'upcoming', cursor: Buffer.from('call|soon|1').toString('base64url') })).toMatch(
      /cursor: malformed/,
    )
  })
})
