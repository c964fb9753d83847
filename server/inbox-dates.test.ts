import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Funnel } from '../common/funnel-api.ts'
import type { LeadPage } from '../common/lead-list-api.ts'
import { encodeCursor } from './leads/cursor.ts'
import { DATABASE_TARGET } from './testing/database-target.ts'
import { insertLead } from './testing/seed-leads.ts'
import { useSignedInInbox } from './testing/signed-in-inbox.ts'

let app: FastifyInstance
const { get } = useSignedInInbox(async (inbox) => {
  app = inbox.app
  await insertLead(inbox.temp.db)
})

/** The answer to `path`, and how long it took: a refusal must not first walk the calendar. */
async function timed(path: string) {
  const started = performance.now()
  const response = await get(path)
  return { response, ms: performance.now() - started }
}

const cursorAt = (receivedAt: string) => encodeCursor({ receivedAt, id: '1' })

describe(`the inbox's dates on ${DATABASE_TARGET}`, () => {
  it.each([
    ['to=9999-12-31', /^to: /],
    ['from=9999-12-02&to=9999-12-31', /^to: /],
    ['from=9999-12-30', /^to: /],
    ['from=0000-01-01&to=0000-01-30', /^from: /],
    ['to=0001-01-01', /^from: /],
    ['from=2026-02-30&to=2026-03-01', /^from: /],
    ['from=2026-02-01&to=%2B002026-02-02', /^to: /],
  ])('refuse %s on the funnel and its CSV with 400 at once, and stay healthy', async (query, names) => {
    for (const path of ['/funnel', '/funnel.csv']) {
      const { response, ms } = await timed(`${path}?${query}`)
      expect(response.statusCode, `${path}?${query}`).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(names)
      expect(response.json<{ message: string }>().message).toMatch(
        /must be a date \(YYYY-MM-DD\) from 0001-01-01 to 9999-12-30/,
      )
      expect(ms).toBeLessThan(2_000)
    }
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
  })

  it('count the first and the last days the inbox takes, one by one', async () => {
    for (const [from, to] of [
      ['0001-01-01', '0001-01-30'],
      ['9999-12-01', '9999-12-30'],
    ] as const) {
      const response = await get(`/funnel?from=${from}&to=${to}`)
      expect(response.statusCode, response.body).toBe(200)
      const days = response.json<Funnel>().days.map((day) => day.day)
      expect(days).toHaveLength(30)
      expect([days[0], days.at(-1)]).toEqual([from, to])
    }
  })

  it.each([
    ['from=0000-01-01', /^from: from must be a date/],
    ['to=9999-12-31', /^to: to must be a date/],
    ['from=2026-02-30', /^from: from must be a date/],
    ['to=2025-02-29', /^to: to must be a date/],
    ['from=10000-01-01', /^from: from must be a date/],
    ['from=2026-01-01&from=2026-01-02', /^from: from must be a date/],
  ])('refuse %s in the lead list and its export with 400', async (query, message) => {
    for (const path of ['/leads', '/leads/export?format=csv&']) {
      const url = path.endsWith('&') ? `${path}${query}` : `${path}?${query}`
      const response = await get(url)
      expect(response.statusCode, url).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(message)
    }
  })

  it('list leads between the first and the last days the inbox takes', async () => {
    const response = await get('/leads?from=0001-01-01&to=9999-12-30')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<LeadPage>().leads).toHaveLength(1)
    expect((await get('/leads?from=2024-02-29&to=2024-02-29')).statusCode).toBe(200)
  })

  it.each([
    ['a day that does not exist', '2026-02-30T10:00:00.000000Z'],
    ['year 0', '0000-06-01T10:00:00.000000Z'],
    ['year 9999’s last day', '9999-12-31T10:00:00.000000Z'],
    ['hour 24', '2026-01-01T24:00:00.000000Z'],
    ['a leap second', '2026-01-01T23:59:60.000000Z'],
    ['minute 60', '2026-01-01T10:60:00.000000Z'],
  ])('refuse a cursor at %s with 400', async (_name, receivedAt) => {
    const response = await get(`/leads?cursor=${cursorAt(receivedAt)}`)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(/^cursor: malformed/)
  })

  it('take a cursor at a real time', async () => {
    const response = await get(`/leads?cursor=${cursorAt('2024-02-29T23:59:59.999999Z')}`)
    expect(response.statusCode, response.body).toBe(200)
  })
})
