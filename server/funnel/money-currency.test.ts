import { describe, expect, it } from 'vitest'
import type { FunnelSources } from '../../common/funnel-sources-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'

// Money in another currency than CURRENCY: a deal won in euros, and spend kept from when CURRENCY was another.
const { call, get } = useSignedInInbox(
  async ({ temp: { db } }: SignedInInbox) => {
    const lead = (day: string) =>
      insertLead(db, { attribution: { last_touch: { utm_source: 'cur-ads', gclid: 'x' } }, receivedAt: new Date(day) })
    const won = async (id: number, body: object) =>
      expect((await call('POST', `/leads/${id}/outcome`, { outcome: 'won', ...body })).statusCode).toBe(201)
    await won(await lead('2026-05-02T15:00:00Z'), { amount: '1000' })
    await won(await lead('2026-05-03T15:00:00Z'), { amount: '500' })
    await won(await lead('2026-05-04T15:00:00Z'), { amount: '9000', currency: 'EUR' })
    expect(
      (await call('POST', '/spend', { per: 'day', day: '2026-05-02', source: 'cur-ads', amount: '300' })).statusCode,
    ).toBe(201)
    // Entered while CURRENCY was JPY: 50,000 yen, 50000 in minor units.
    await db.query(
      `INSERT INTO ad_spend (per, day, source, campaign, amount_minor, currency) VALUES ('day', '2026-05-03', 'cur-ads', '', 50000, 'JPY')`,
    )
  },
  { CURRENCY: 'USD', TIMEZONE: 'UTC' },
)

describe(`the money table's figures in one currency (ADR 045) on ${DATABASE_TARGET}`, () => {
  it('averages the deals whose amount it sums, and sums only the spend in CURRENCY', async () => {
    const answer = await get('/funnel/sources?from=2026-05-01&to=2026-05-10')
    expect(answer.statusCode, answer.body).toBe(200)
    const row = answer.json<FunnelSources>().rows.find((r) => r.key === 'cur-ads' && r.paid)
    // Three won, 1500 USD of revenue from the two won in USD: their average is 750, not 1500 / 3.
    expect(row).toMatchObject({ won: 3, revenue: '1500.00', averageDeal: '750.00' })
    // 300 USD; the yen row is no dollar amount: 300 / 3 won = 100, return 1500 / 300 = 5.
    expect(row).toMatchObject({ spend: '300.00', costPerWon: '100.00', returnOnSpend: 5 })
  })
})
