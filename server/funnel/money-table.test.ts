import { describe, expect, it } from 'vitest'
import type { FunnelSources, MoneyRow } from '../../common/funnel-sources-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { seedMoneyTable } from '../testing/money-seed.ts'
import { useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'
import { csvCells } from '../testing/spreadsheet-cells.ts'

// The agency's days are New York's: 03:00 UTC on 1 March is still 28 February there.
const { call, get } = useSignedInInbox(
  async (opened: SignedInInbox) => {
    await seedMoneyTable(opened.temp.db, call)
  },
  { CURRENCY: 'USD', TIMEZONE: 'America/New_York' },
)

const table = async (query: string) => {
  const answer = await get(`/funnel/sources?from=2026-03-01&to=2026-03-10&${query}`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<FunnelSources>()
}
const row = (rows: MoneyRow[], key: string, paid: boolean) => rows.find((r) => r.key === key && r.paid === paid)
const counts = (r: MoneyRow | undefined) => r && [r.applications, r.booked, r.showed, r.won, r.revenue, r.spend]

describe(`the money table (ADR 045) on ${DATABASE_TARGET}`, () => {
  it('counts each source and its paid rows by hand, last touch', async () => {
    const answer = await table('touch=last')
    expect(answer).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-10',
      touch: 'last',
      level: 'source',
      currency: 'USD',
    })
    // hc-google paid: g1 (cpc), g2 (gclid), g4 (Paid_Search): booked 3; showed g1, g4 (won) not g2 (no-show) = 2;
    // won 2, revenue 1000 + 500 = 1500. Spend: 100 (2 Mar) + 50 (5 Mar) + 310 × 10/31 (March, 10 days in range) = 250.
    expect(row(answer.rows, 'hc-google', true)).toEqual({
      key: 'hc-google',
      paid: true,
      applications: 3,
      booked: 3,
      showed: 2,
      won: 2,
      revenue: '1500.00',
      closeRate: 1, // 2 won / 2 showed
      averageDeal: '750.00', // 1500 / 2
      spend: '250.00',
      costPerApplication: '83.33', // 250 / 3
      costPerBooked: '83.33', // 250 / 3
      costPerShowed: '125.00', // 250 / 2
      costPerWon: '125.00', // 250 / 2
      returnOnSpend: 6, // 1500 / 250
    })
    // g3: organic (no medium, no click id), booked in the future: not showed.
    expect(counts(row(answer.rows, 'hc-google', false))).toEqual([1, 1, 0, 0, '0.00', null])
    expect(row(answer.rows, 'hc-google', false)).toMatchObject({
      closeRate: null,
      returnOnSpend: null,
      costPerBooked: null,
    })
    // hc-ig paid: i1 (lost after a past call: showed) and the lead of 10 March 23:30 in New York. Spend 30 (3 Mar).
    expect(row(answer.rows, 'hc-ig', true)).toMatchObject({
      applications: 2,
      booked: 1,
      showed: 1,
      won: 0,
      revenue: '0.00',
      closeRate: 0,
      spend: '30.00',
      costPerApplication: '15.00', // 30 / 2
      costPerBooked: '30.00', // 30 / 1
      costPerWon: null, // nothing won
      returnOnSpend: 0, // 0 / 30
    })
    // i2: organic, won 200 without a booking: won, but no call the funnel knows of, so not showed.
    expect(counts(row(answer.rows, 'hc-ig', false))).toEqual([1, 0, 0, 1, '200.00', null])
    expect(counts(row(answer.rows, '(direct)', false))).toEqual([1, 0, 0, 0, '0.00', null])
    expect(answer.rows).toHaveLength(5) // the spam lead and the lead of 10 February are nowhere
    // Total: 3+1+2+1+1 = 8 applications, 5 booked, 3 showed, 3 won, 1700 revenue, 280 spend.
    expect(answer.total).toMatchObject({
      key: '(total)',
      applications: 8,
      booked: 5,
      showed: 3,
      won: 3,
      revenue: '1700.00',
    })
    expect(answer.total).toMatchObject({ spend: '280.00', costPerBooked: '56.00', closeRate: 1 }) // 280 / 5, 3 / 3
    expect(answer.total.returnOnSpend).toBeCloseTo(1700 / 280, 10)
  })

  it('counts the period before, as many days long, on the agency’s days, with a month’s spend pro rata', async () => {
    const { previous } = await table('')
    expect([previous.from, previous.to]).toEqual(['2026-02-19', '2026-02-28'])
    // p1 (1 March 03:00 UTC is 28 February in New York; won 300) and the lead of 20 February; spend 40 (25 Feb).
    expect(row(previous.rows, 'hc-google', true)).toMatchObject({
      applications: 2,
      booked: 1,
      showed: 1,
      won: 1,
      revenue: '300.00',
      spend: '40.00',
      costPerBooked: '40.00', // 40 / 1
      returnOnSpend: 7.5, // 300 / 40
    })
    // February 2026 has 28 days, 10 of them in the period: 280 × 10/28 = 100, with no lead.
    expect(counts(row(previous.rows, 'hc-ig', true))).toEqual([0, 0, 0, 0, '0.00', '100.00'])
    expect(previous.total).toMatchObject({ applications: 2, spend: '140.00' })
  })

  it('reads the first touch when asked: another source, or (direct) with none', async () => {
    const { rows, touch } = await table('touch=first')
    expect(touch).toBe('first')
    // g2 (its first touch is its last) and g3 (first touch cpc): booked 2, showed 0; spend stays the source's 250.
    expect(row(rows, 'hc-google', true)).toMatchObject({
      applications: 2,
      booked: 2,
      showed: 0,
      won: 0,
      spend: '250.00',
      costPerBooked: '125.00',
      returnOnSpend: 0,
    })
    // g4 came first from an hc-ig ad (fbclid): won 500 against that source's 30 of spend.
    expect(row(rows, 'hc-ig', true)).toMatchObject({
      applications: 1,
      booked: 1,
      showed: 1,
      won: 1,
      revenue: '500.00',
      costPerBooked: '30.00',
    })
    expect(row(rows, 'hc-ig', true)?.returnOnSpend).toBeCloseTo(500 / 30, 10)
    expect(counts(row(rows, 'hc-news', false))).toEqual([1, 1, 1, 1, '1000.00', null]) // g1
    // i1, the lead of 10 March and the direct one have no first touch: booked 1 (i1), showed 1.
    expect(counts(row(rows, '(direct)', false))).toEqual([3, 1, 1, 0, '0.00', null])
  })

  it('drills from a source to its campaigns, with spend per campaign and that of no campaign', async () => {
    const answer = await table('source=HC-Google&paid=true')
    expect(answer.level).toBe('campaign')
    // brand: g1, g2, g4; spend 100 (2 Mar): per booked call 100 / 3 = 33.33, return 1500 / 100 = 15.
    expect(row(answer.rows, 'brand', true)).toMatchObject({
      applications: 3,
      booked: 3,
      showed: 2,
      won: 2,
      revenue: '1500.00',
      spend: '100.00',
      costPerBooked: '33.33',
      returnOnSpend: 15,
    })
    // generic: no paid lead, spend 310 × 10/31 = 100.
    expect(row(answer.rows, 'generic', true)).toMatchObject({
      applications: 0,
      spend: '100.00',
      costPerBooked: null,
      returnOnSpend: 0,
    })
    expect(counts(row(answer.rows, '(not per campaign)', true))).toEqual([0, 0, 0, 0, '0.00', '50.00'])
    expect(answer.rows).toHaveLength(3)
    expect(answer.total).toMatchObject({ applications: 3, spend: '250.00' })
    const organic = await table('source=hc-google&paid=false')
    expect(organic.rows.map((r) => [r.key, r.applications, r.spend])).toEqual([['generic', 1, null]])
    const none = await table('source=hc-ig&paid=false')
    expect(none.rows.map((r) => [r.key, r.won])).toEqual([['(none)', 1]]) // i2 had no campaign
  })

  it('drills from a campaign to its ads, without spend', async () => {
    const answer = await table('source=hc-google&paid=true&campaign=brand')
    expect(answer.level).toBe('ad')
    expect(
      answer.rows.map((r) => [r.key, r.applications, r.booked, r.won, r.revenue, r.spend, r.costPerBooked]),
    ).toEqual([
      ['ad-a', 2, 2, 2, '1500.00', null, null], // g1, g4
      ['ad-b', 1, 1, 0, '0.00', null, null], // g2
    ])
  })

  it('exports the same columns as CSV, and refuses a bad query with a 400', async () => {
    const answer = await get('/funnel/sources.csv?from=2026-03-01&to=2026-03-10&source=hc-google&paid=true')
    expect(answer.headers['content-type']).toContain('text/csv')
    const [header, ...lines] = csvCells(answer.body)
    expect(header?.slice(0, 3)).toEqual(['key', 'paid', 'applications'])
    const brand = lines.find((line) => line[0] === 'brand')
    expect(brand).toEqual([
      'brand',
      'paid',
      '3',
      '3',
      '2',
      '2',
      '1500.00',
      '1.0000',
      '750.00',
      '100.00',
      '33.33',
      '33.33',
      '50.00',
      '50.00',
      '15.0000',
    ])
    expect(lines.at(-1)?.slice(0, 3)).toEqual(['(total)', 'paid', '3'])
    // The sources' total sums paid and organic rows: it is neither.
    const sources = csvCells((await get('/funnel/sources.csv?from=2026-03-01&to=2026-03-10')).body)
    expect(sources.at(-1)?.slice(0, 3)).toEqual(['(total)', '', '8'])
    for (const query of [
      'touch=middle',
      'source=hc-google',
      'campaign=brand',
      'paid=maybe',
      'from=2026-03-10&to=2026-03-01',
    ])
      expect((await get(`/funnel/sources?${query}`)).statusCode, query).toBe(400)
  })
})
