import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { Attribution } from '../../common/attribution.ts'
import type { Database } from '../db/database.ts'
import { insertLead } from './seed-leads.ts'

type Call = (method: InjectOptions['method'], path: string, payload?: object) => Promise<LightMyRequestResponse>

/**
 * The money table's hand-counted rows (server/funnel/money-table.test.ts
 * counts them): leads with first and last touches, calls past and future,
 * outcomes and spend entered through the inbox's routes (`call`).
 */
export async function seedMoneyTable(db: Database, call: Call): Promise<void> {
  const gg = (extra: Record<string, string> = {}) => ({ utm_source: 'hc-google', ...extra })
  const ig = (extra: Record<string, string> = {}) => ({ utm_source: 'hc-ig', ...extra })
  const cpcBrand = (ad: string) => gg({ utm_medium: 'cpc', utm_campaign: 'brand', utm_content: ad })

  async function lead(at: string, attribution: Attribution | null, booking?: 'past' | 'future', spam = false) {
    const id = await insertLead(db, { attribution, receivedAt: new Date(at), spam })
    if (booking)
      await db.query(
        `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at, ends_at)
       VALUES ('calcom', $1, $2, $3::timestamptz, $3::timestamptz + interval '30 minutes')`,
        [`hc-${id}`, id, booking === 'past' ? '2026-03-05T15:00:00Z' : new Date(Date.now() + 86_400_000).toISOString()],
      )
    return id
  }
  const outcome = async (id: number, body: object) =>
    expect((await call('POST', `/leads/${id}/outcome`, body)).statusCode).toBe(201)
  const spend = async (body: object) => expect((await call('POST', '/spend', body)).statusCode).toBe(201)

  // The range 2026-03-01..2026-03-10 (New York days). Last touch / first touch / call / outcome:
  const g1 = await lead(
    '2026-03-02T15:00:00Z',
    { last_touch: cpcBrand('ad-a'), first_touch: { utm_source: 'hc-news' } },
    'past',
  )
  await outcome(g1, { outcome: 'won', amount: '1000' })
  const g2 = await lead(
    '2026-03-03T15:00:00Z',
    { last_touch: gg({ gclid: 'x', utm_campaign: 'brand', utm_content: 'ad-b' }) },
    'past',
  )
  await db.query(
    'UPDATE contact_submissions SET attribution = jsonb_set(attribution, $2, attribution -> $3) WHERE id = $1',
    [g2, '{first_touch}', 'last_touch'],
  )
  await outcome(g2, { outcome: 'no_show' })
  await lead(
    '2026-03-04T15:00:00Z',
    { last_touch: gg({ utm_campaign: 'generic' }), first_touch: gg({ utm_medium: 'cpc' }) },
    'future',
  )
  const g4 = await lead(
    '2026-03-05T15:00:00Z',
    {
      last_touch: gg({ utm_medium: 'Paid_Search', utm_campaign: 'brand', utm_content: 'ad-a' }),
      first_touch: ig({ fbclid: 'f' }),
    },
    'past',
  )
  await outcome(g4, { outcome: 'won', amount: '500' })
  await lead('2026-03-05T16:00:00Z', { last_touch: cpcBrand('ad-a') }, 'past', true) // spam: never counts
  const i1 = await lead(
    '2026-03-06T15:00:00Z',
    { last_touch: ig({ fbclid: 'f', utm_campaign: 'spring', utm_content: 'reel' }) },
    'past',
  )
  await outcome(i1, { outcome: 'lost', lostReason: 'Price' })
  const i2 = await lead('2026-03-07T15:00:00Z', {
    last_touch: ig({ utm_medium: 'social' }),
    first_touch: ig({ utm_medium: 'social' }),
  })
  await outcome(i2, { outcome: 'won', amount: '200' })
  await lead('2026-03-08T15:00:00Z', null) // (direct)
  await lead('2026-03-11T03:30:00Z', { last_touch: ig({ fbclid: 'f', utm_campaign: 'spring', utm_content: 'reel' }) }) // 10 March in New York
  // The period before, 2026-02-19..2026-02-28:
  const p1 = await lead('2026-03-01T03:00:00Z', { last_touch: cpcBrand('ad-a') }, 'past') // 28 February in New York
  await outcome(p1, { outcome: 'won', amount: '300' })
  await lead('2026-02-20T12:00:00Z', { last_touch: gg({ utm_medium: 'cpc', utm_campaign: 'brand' }) })
  await lead('2026-02-10T12:00:00Z', { last_touch: cpcBrand('ad-a') }) // before both periods
  // Spend, by hand and imported:
  await spend({ per: 'day', day: '2026-03-02', source: 'HC-Google', campaign: 'brand', amount: '100' })
  await spend({ per: 'day', day: '2026-03-05', source: 'hc-google', amount: '50' })
  await spend({ per: 'day', day: '2026-02-25', source: 'hc-google', campaign: 'brand', amount: '40' })
  await spend({ per: 'day', day: '2026-03-11', source: 'hc-google', campaign: 'brand', amount: '999' })
  await spend({ per: 'month', day: '2026-03', source: 'hc-google', campaign: 'generic', amount: '310' })
  const csv = 'date,source,campaign,amount,currency\n2026-03-03,hc-ig,spring,30,USD\n2026-02,hc-ig,,280,\n'
  expect((await call('POST', '/spend/import', { csv })).statusCode).toBe(200)
}
