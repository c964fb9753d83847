import { describe, expect, it } from 'vitest'
import type { FunnelSources } from '../../common/funnel-sources-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'

// The page keeps a link's utm values as they came: "utm_campaign=spring+" is "spring " with its space.
const { get } = useSignedInInbox(
  async ({ temp: { db } }: SignedInInbox) => {
    const touch = { utm_source: 'spaced-ads', utm_medium: 'cpc', utm_campaign: 'spring ', utm_content: 'reel' }
    await insertLead(db, { attribution: { last_touch: touch }, receivedAt: new Date('2026-06-02T15:00:00Z') })
  },
  { TIMEZONE: 'UTC' },
)

const table = async (query: string) => {
  const answer = await get(`/funnel/sources?from=2026-06-01&to=2026-06-10&${query}`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<FunnelSources>()
}

describe(`the money table's drill-down (ADR 045) on ${DATABASE_TARGET}`, () => {
  it('opens a campaign whose name ends in a space, as the campaign row names it', async () => {
    const campaigns = await table('source=spaced-ads&paid=true')
    expect(campaigns.rows.map((row) => row.key)).toEqual(['spring '])
    const ads = await table(`source=spaced-ads&paid=true&campaign=${encodeURIComponent('spring ')}`)
    expect(ads.rows.map((row) => [row.key, row.applications])).toEqual([['reel', 1]])
  })
})
