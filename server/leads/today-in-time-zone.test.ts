import { describe, expect, it } from 'vitest'
import type { Funnel } from '../../common/funnel-api.ts'
import type { LeadCount, LeadPage } from '../../common/lead-list-api.ts'
import type { AdminSession } from '../../common/session-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'

// A day of the agency's, in New York (EST, UTC-5), far from any other test's leads.
const DAY = '2031-11-25'
const ids: Record<string, number> = {}

const { get } = useSignedInInbox(
  async ({ temp }) => {
    // 20:15 in New York the evening before: already the 25th in UTC.
    ids.eveningBefore = await insertLead(temp.db, { receivedAt: new Date('2031-11-25T01:15:00Z') })
    ids.earlyMorning = await insertLead(temp.db, { receivedAt: new Date('2031-11-25T05:30:00Z') }) // 00:30
    ids.lateEvening = await insertLead(temp.db, { receivedAt: new Date('2031-11-26T04:50:00Z') }) // 23:50, the 26th in UTC
    ids.nextMorning = await insertLead(temp.db, { receivedAt: new Date('2031-11-26T05:00:00Z') }) // midnight, the 26th
  },
  { TIMEZONE: 'America/New_York' },
)

describe(`"Today" with TIMEZONE=America/New_York on ${DATABASE_TARGET}`, () => {
  it('excludes a lead sent at 20:15 New York time the evening before, and keeps the whole New York day', async () => {
    for (const status of ['', '&status=new']) {
      const page = await get(`/leads?from=${DAY}&to=${DAY}${status}`)
      expect(page.statusCode, page.body).toBe(200)
      expect(page.json<LeadPage>().leads.map((lead) => lead.id)).toEqual([ids.lateEvening, ids.earlyMorning])
      const count = await get(`/leads/count?from=${DAY}&to=${DAY}${status}`)
      expect(count.json<LeadCount>().total).toBe(2)
    }
  })

  it("counts the funnel's leads on the same New York day", async () => {
    const funnel = await get(`/funnel?from=${DAY}&to=${DAY}`)
    expect(funnel.statusCode, funnel.body).toBe(200)
    expect(funnel.json<Funnel>().totals.applications).toBe(2)
  })

  it('tells the inbox the zone with the session', async () => {
    expect((await get('/session')).json<AdminSession>().timeZone).toBe('America/New_York')
  })
})
