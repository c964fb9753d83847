import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { DIRECT_SOURCE, type Funnel } from '../../common/funnel-api.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import type { LeadSources } from '../../common/lead-sources-api.ts'
import { utcDay } from '../../common/utc-day.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
const { get } = useSignedInInbox((inbox) => {
  ;({ temp, app } = inbox)
})
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})

const touch = (last_touch: Record<string, string>) => ({ attribution: { last_touch } })
const namesOf = async (query: string) => {
  const response = await get(`/leads?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response
    .json<LeadPage>()
    .leads.map((lead) => lead.answers.name)
    .sort()
}

describe(`the list's source and phone filters on ${DATABASE_TARGET}`, () => {
  it('finds as (direct) the leads the funnel counts as (direct): no utm_source and no referrer', async () => {
    await insertLead(temp.db, { answers: { name: 'No source' } })
    await insertLead(temp.db, { answers: { name: 'Empty touch' }, ...touch({ landing_path: '/' }) })
    await insertLead(temp.db, { answers: { name: 'Empty utm' }, ...touch({ utm_source: '' }) })
    await insertLead(temp.db, { answers: { name: 'From ig' }, ...touch({ utm_source: 'IG' }) })
    await insertLead(temp.db, {
      answers: { name: 'From google' },
      ...touch({ referrer_origin: 'https://www.google.com' }),
    })
    await insertLead(temp.db, { answers: { name: 'Direct spam' }, spam: true })

    const direct = await namesOf(`source=${encodeURIComponent(DIRECT_SOURCE)}`)
    expect(direct).toEqual(['Empty touch', 'Empty utm', 'No source'])

    const today = utcDay()
    const funnel = (await get(`/funnel?from=${today}&to=${today}`)).json<Funnel>()
    const counted = new Map(funnel.bySource.map((row) => [row.source, row.applications]))
    expect(counted.get(DIRECT_SOURCE)).toBe(direct.length)
    expect(counted.get('ig')).toBe((await namesOf('source=ig')).length)
    expect(await namesOf('source=IG')).toEqual(['From ig'])
  })

  it.each([
    ['+44 7700 900123', '7700 900'],
    ['+44 7700 900123', '+44 7700'],
    ['+447700900123', '7700 900 123'],
    ['(0044) 7700-900-123', '+44 7700 900123'],
    ['+44 7700 900123', '447700900123'],
  ])('finds the phone %s by the search %s', async (phone, search) => {
    await insertLead(temp.db, { answers: { name: 'Phoned', phone } })
    await insertLead(temp.db, { answers: { name: 'Other', phone: '+1 555 0100' } })
    expect(await namesOf(`q=${encodeURIComponent(search)}`)).toEqual(['Phoned'])
  })

  it('still searches words with digits as typed, and never matches across two answers', async () => {
    await insertLead(temp.db, {
      answers: { name: 'Bakery Owner', business: 'Bakery 42 High Street', phone: '+44 7700 900123' },
    })
    expect(await namesOf(`q=${encodeURIComponent('42 High')}`)).toEqual(['Bakery Owner'])
    // The business's end and the phone's digits are apart in the index's text.
    expect(await namesOf(`q=${encodeURIComponent('Street447700')}`)).toEqual([])
    expect(await namesOf(`q=${encodeURIComponent('+1 555')}`)).toEqual([])
  })

  it('lists the sources seen among leads, sorted, with (direct) last, never a spam-only source', async () => {
    expect((await app.inject({ url: `${ADMIN_API_PATH}/leads/sources` })).statusCode, 'signed out').toBe(401)
    expect((await get('/leads/sources')).json<LeadSources>()).toEqual({ sources: [] })
    await insertLead(temp.db, touch({ utm_source: 'tiktok' }))
    await insertLead(temp.db, touch({ utm_source: 'IG' }))
    await insertLead(temp.db, touch({ utm_source: 'ig' }))
    await insertLead(temp.db, touch({ referrer_origin: 'https://news.ycombinator.com' }))
    await insertLead(temp.db, { spam: true, ...touch({ utm_source: 'spammy' }) })
    expect((await get('/leads/sources')).json<LeadSources>()).toEqual({
      sources: ['ig', 'news.ycombinator.com', 'tiktok'],
    })

    await insertLead(temp.db)
    const response = await get('/leads/sources')
    expect(response.statusCode).toBe(200)
    expect(response.json<LeadSources>()).toEqual({ sources: ['ig', 'news.ycombinator.com', 'tiktok', DIRECT_SOURCE] })
  })

  it('answers at most 100 sources', async () => {
    for (let index = 1; index <= 120; index++)
      await insertLead(temp.db, touch({ utm_source: `src${String(index).padStart(3, '0')}` }))
    await insertLead(temp.db)
    const { sources } = (await get('/leads/sources')).json<LeadSources>()
    expect(sources).toHaveLength(100)
    expect(sources.slice(0, 2)).toEqual(['src001', 'src002'])
    expect(sources.at(-1)).toBe(DIRECT_SOURCE)
  })
})
