import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { CAMPAIGN_PARAMETERS, type Attribution } from '../../common/attribution.ts'
import { DEFAULT_SITE_MANIFEST } from '../../common/site-manifest.ts'
import { parseConfig } from '../config.ts'
import type { Row } from '../db/database.ts'
import { mergeLeads } from '../lead-lifecycle/merge.ts'
import { markNotSpam } from '../lead-lifecycle/not-spam.ts'
import { leadNotifications } from '../notify/lead-notifications.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

// funnel_leads (migrations/030) mirrors each lead's attribution, bookings and
// outcomes; the Funnel reads nothing else. Each change the product makes is
// made here, and the row must say what the lead's own rows say.
const temp = useTempDatabase()

interface FunnelLead extends Row {
  first_source: string | null
  first_paid: boolean
  first_campaign: string | null
  first_ad: string | null
  last_source: string | null
  last_paid: boolean
  last_campaign: string | null
  last_ad: string | null
  booked: boolean
  call_from: string | null
  outcome: string | null
  won_minor: string | null
  won_currency: string | null
}

const funnelLead = async (id: number) =>
  (
    await temp.db.query<FunnelLead>(
      `SELECT first_source, first_paid, first_campaign, first_ad, last_source, last_paid, last_campaign, last_ad,
         booked, to_char(call_from AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS call_from, outcome,
         won_minor::text AS won_minor, won_currency
       FROM funnel_leads WHERE application_id = $1`,
      [id],
    )
  )[0]

const book = async (id: number | null, startsAt: string, state = 'scheduled') => {
  const [row] = await temp.db.query<{ id: string }>(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, state, starts_at)
     VALUES ('calcom', $1, $2, $3, $4::timestamptz) RETURNING id::text AS id`,
    [randomUUID(), id, state, startsAt],
  )
  return Number(row?.id)
}
const decide = (id: number, outcome: 'showed' | 'no_show' | 'won', amountMinor?: number) =>
  temp.db.query(
    `INSERT INTO lead_outcomes (application_id, outcome, amount_minor, currency, author) VALUES ($1, $2, $3, $4, 'test')`,
    [id, outcome, amountMinor ?? null, amountMinor === undefined ? null : 'USD'],
  )
const touch = (values: Record<string, string>) => ({
  landing_path: '/',
  captured_at: '2026-11-01T10:00:00Z',
  ...values,
})

describe(`funnel_leads, each lead's facts for the Funnel, on ${DATABASE_TARGET}`, () => {
  it("keeps each touch's source, paid, campaign and ad from the attribution, and follows a rewrite", async () => {
    const attribution: Attribution = {
      first_touch: touch({ utm_source: 'FB', fbclid: 'x1' }),
      last_touch: touch({
        utm_source: 'Google',
        utm_medium: ' Paid_Search ',
        utm_campaign: 'spring',
        utm_content: 'ad-1',
      }),
    }
    const id = await insertLead(temp.db, { attribution })
    expect(await funnelLead(id)).toMatchObject({
      first_source: 'fb',
      first_paid: true,
      first_campaign: null,
      first_ad: null,
      last_source: 'google',
      last_paid: true,
      last_campaign: 'spring',
      last_ad: 'ad-1',
      booked: false,
      call_from: null,
      outcome: null,
    })

    await temp.db.query('UPDATE contact_submissions SET attribution = $1::jsonb WHERE id = $2', [
      JSON.stringify({ last_touch: touch({ referrer_origin: 'https://www.Bing.com', utm_medium: 'email' }) }),
      id,
    ])
    expect(await funnelLead(id)).toMatchObject({
      first_source: null,
      first_paid: false,
      last_source: 'www.bing.com',
      last_paid: false,
      last_campaign: null,
    })
  })

  it('counts every click id the page captures, and cpc, ppc, paid, ads and paid… mediums, as paid; nothing else', async () => {
    const clickIds = CAMPAIGN_PARAMETERS.filter((parameter) => !parameter.startsWith('utm_'))
    expect(clickIds.length).toBeGreaterThan(5)
    const paid = async (values: Record<string, string>) =>
      (await funnelLead(await insertLead(temp.db, { attribution: { last_touch: touch(values) } })))?.last_paid
    for (const clickId of clickIds) expect(await paid({ utm_source: 'x', [clickId]: 'abc' }), clickId).toBe(true)
    for (const medium of ['cpc', 'PPC', 'paid', 'Ads', 'paid_social', 'paidsearch'])
      expect(await paid({ utm_source: 'x', utm_medium: medium }), medium).toBe(true)
    for (const medium of ['email', 'social', 'organic', 'referral', 'cpm-unpaid', ''])
      expect(await paid({ utm_source: 'x', utm_medium: medium }), medium).toBe(false)
    expect(await paid({ utm_source: 'x', utm_id: '123', utm_term: 'paid' })).toBe(false)
  })

  it('follows bookings stored, cancelled, marked no-show and deleted, and the latest outcome with its amount', async () => {
    const id = await insertLead(temp.db)
    const early = await book(id, '2026-12-01T10:00:00Z')
    const late = await book(id, '2026-12-03T15:30:00Z')
    expect(await funnelLead(id)).toMatchObject({ booked: true, call_from: '2026-12-01T10:00' })
    await temp.db.query(`UPDATE bookings SET state = 'canceled' WHERE id = $1`, [early])
    expect(await funnelLead(id)).toMatchObject({ booked: true, call_from: '2026-12-03T15:30' })
    await temp.db.query(`UPDATE bookings SET starts_at = '2026-12-02T09:00:00Z' WHERE id = $1`, [late])
    expect(await funnelLead(id)).toMatchObject({ call_from: '2026-12-02T09:00' })
    await temp.db.query(`UPDATE bookings SET state = 'no_show' WHERE id = $1`, [late])
    expect(await funnelLead(id)).toMatchObject({ booked: true, call_from: null })

    await decide(id, 'won', 250_000)
    expect(await funnelLead(id)).toMatchObject({ outcome: 'won', won_minor: '250000', won_currency: 'USD' })
    await decide(id, 'showed')
    expect(await funnelLead(id)).toMatchObject({ outcome: 'showed', won_minor: null, won_currency: null })
    await temp.db.query('DELETE FROM lead_outcomes WHERE application_id = $1', [id])
    await temp.db.query('DELETE FROM bookings WHERE application_id = $1', [id])
    expect(await funnelLead(id)).toMatchObject({ booked: false, call_from: null, outcome: null })
  })

  it('has no row for spam; one, with its calls, once it is taken out of spam; none once erased', async () => {
    const id = await insertLead(temp.db, { spam: true, attribution: { last_touch: touch({ utm_source: 'ig' }) } })
    await book(id, '2026-12-05T12:00:00Z')
    expect(await funnelLead(id)).toBeUndefined()
    const { notifications } = leadNotifications({
      db: temp.db,
      config: parseConfig({}).notifications,
      site: DEFAULT_SITE_MANIFEST,
    })
    expect(await markNotSpam(temp.db, notifications, id, 'owner@example.com')).toBe('moved')
    expect(await funnelLead(id)).toMatchObject({ last_source: 'ig', booked: true, call_from: '2026-12-05T12:00' })
    await temp.db.query('DELETE FROM contact_submissions WHERE id = $1', [id])
    expect(await funnelLead(id)).toBeUndefined()
  })

  it("takes an unmatched booking once it is linked, and a merged lead's calls and outcome", async () => {
    const email = `${randomUUID()}@example.com`
    const older = await insertLead(temp.db, { answers: { email }, receivedAt: new Date('2026-11-01T10:00:00Z') })
    const newer = await insertLead(temp.db, { answers: { email }, receivedAt: new Date('2026-11-02T10:00:00Z') })
    const unmatched = await book(null, '2026-12-07T08:00:00Z')
    await temp.db.query('UPDATE bookings SET application_id = $1 WHERE id = $2', [older, unmatched])
    expect(await funnelLead(older)).toMatchObject({ booked: true, call_from: '2026-12-07T08:00' })

    await book(newer, '2026-12-06T08:00:00Z')
    await decide(newer, 'won', 90_000)
    expect(await mergeLeads(temp.db, older, newer, 'owner@example.com')).toMatchObject({ kind: 'merged' })
    expect(await funnelLead(newer)).toBeUndefined()
    expect(await funnelLead(older)).toMatchObject({
      booked: true,
      call_from: '2026-12-06T08:00',
      outcome: 'won',
      won_minor: '90000',
    })
  })

  it.runIf(DATABASE_TARGET === 'postgres')(
    'loses neither of two calls booked for one lead at the same moment',
    async () => {
      const id = await insertLead(temp.db)
      let second: Promise<number> | undefined
      // The first transaction books the earlier call, then the second books the later one and waits on the lead's
      // row; the first commits only once it waits.
      await temp.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at) VALUES ('calcom', $1, $2, '2026-12-10T09:00:00Z')`,
          [randomUUID(), id],
        )
        second = book(id, '2026-12-12T09:00:00Z')
        for (let tries = 0; tries < 500; tries += 1) {
          const waiting = await temp.db.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
          if (waiting.length > 0) return
          await sleep(10)
        }
        throw new Error('The second booking never waited for the first')
      })
      await second
      expect(await funnelLead(id)).toMatchObject({ booked: true, call_from: '2026-12-10T09:00' })
    },
  )
})
