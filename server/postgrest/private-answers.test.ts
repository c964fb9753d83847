import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EVENTS_TABLE_PATH } from '../../common/analytics.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { WRONG_KEY_LIMIT } from './service-role.ts'

const SERVICE_ROLE_KEY = 'service-role-key-for-cache-tests-0123'
const ANON_KEY = 'public-anon-key'
const ORIGIN = 'https://www.agency.example'

const temp = useTempDatabase()
let app: FastifyInstance
beforeAll(async () => {
  app = buildApp({
    config: parseConfig({
      SERVICE_ROLE_KEY,
      SUBMIT_RATE_LIMIT: '1',
      CORS_ORIGINS: ORIGIN,
      EVENTS_RATE_LIMIT: '0',
      WEB_ROOT: '/nonexistent',
    }),
    db: temp.db,
  })
  await app.ready()
  await insertLead(temp.db, { answers: { email: 'private.person@example.com' } })
})
afterAll(async () => {
  await app.close()
})
beforeEach(async () => {
  await temp.db.query('DELETE FROM rate_limit_hits')
})

let nextAddress = 1
// Each request from an address of its own, unless the test is about one address.
const inject = (options: InjectOptions) => app.inject({ remoteAddress: `198.51.100.${nextAddress++}`, ...options })
const service = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` }
const anon = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }
const insert = (headers: Record<string, string>, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify([validAnswers()]),
    remoteAddress: remoteAddress ?? `198.51.100.${nextAddress++}`,
  })

const varyOf = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())

function expectPrivate(response: LightMyRequestResponse, label: string) {
  expect(response.headers['cache-control'], label).toBe('no-store')
  expect(varyOf(response), label).toEqual(expect.arrayContaining(['apikey', 'authorization']))
}

describe(`the REST API's answers to keyed requests on ${DATABASE_TARGET}`, () => {
  it('keep a service-role read out of every cache, and tell caches it depends on the key', async () => {
    const viaBoth = await inject({ url: `${CONTACT_SUBMISSIONS_PATH}?select=email`, headers: service })
    expect(viaBoth.statusCode).toBe(200)
    expect(viaBoth.body).toContain('private.person@example.com')
    expectPrivate(viaBoth, 'apikey and bearer')
    const viaApikey = await inject({
      url: `${CONTACT_SUBMISSIONS_PATH}?select=email`,
      headers: { apikey: SERVICE_ROLE_KEY },
    })
    expect(viaApikey.statusCode).toBe(200)
    expectPrivate(viaApikey, 'apikey only')
    const viaBearer = await inject({
      method: 'HEAD',
      url: CONTACT_SUBMISSIONS_PATH,
      headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    })
    expect(viaBearer.statusCode).toBe(200)
    expectPrivate(viaBearer, 'bearer only, HEAD')
  })

  it('do the same on a percent-encoded path to the table', async () => {
    const response = await inject({ url: '/rest/%761/contact_%73ubmissions?select=email', headers: service })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('private.person@example.com')
    expectPrivate(response, 'encoded path')
  })

  it('keep Origin in Vary beside the key, for a browser read from an allowed origin', async () => {
    const response = await inject({
      url: `${CONTACT_SUBMISSIONS_PATH}?select=id`,
      headers: { ...service, origin: ORIGIN },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN)
    expect(varyOf(response)).toEqual(expect.arrayContaining(['origin', 'apikey', 'authorization']))
    expectPrivate(response, 'cross-origin')
  })

  it('mark refusals too: a wrong key (401), too many wrong keys (429), the anon key reading, an unknown table', async () => {
    const wrongKey = { apikey: 'not-the-key-0123456789', authorization: 'Bearer not-the-key-0123456789' }
    const refused = await inject({ url: CONTACT_SUBMISSIONS_PATH, headers: wrongKey })
    expect(refused.statusCode).toBe(401)
    expectPrivate(refused, 'wrong key')
    const anonRead = await inject({ url: CONTACT_SUBMISSIONS_PATH, headers: anon })
    expect(anonRead.statusCode).toBe(401)
    expectPrivate(anonRead, 'anon read')
    const unknown = await inject({ url: '/rest/v1/no_such_table', headers: service })
    expect(unknown.statusCode).toBe(404)
    expectPrivate(unknown, 'unknown table')

    const guesser = '203.0.113.90'
    for (let i = 0; i <= WRONG_KEY_LIMIT; i += 1)
      await app.inject({ url: CONTACT_SUBMISSIONS_PATH, headers: wrongKey, remoteAddress: guesser })
    const throttled = await app.inject({ url: CONTACT_SUBMISSIONS_PATH, headers: service, remoteAddress: guesser })
    expect(throttled.statusCode).toBe(429)
    expectPrivate(throttled, 'too many wrong keys')
  })

  it('mark the anonymous insert and its rate limit (429), and the events table’s insert', async () => {
    const visitor = '203.0.113.91'
    const first = await insert(anon, visitor)
    expect(first.statusCode).toBe(201)
    expect(first.body).toBe('')
    expectPrivate(first, 'anonymous insert')
    const limited = await insert(anon, visitor)
    expect(limited.statusCode).toBe(429)
    expectPrivate(limited, 'insert rate limit')

    const events = await inject({
      method: 'POST',
      url: EVENTS_TABLE_PATH,
      headers: { ...anon, 'content-type': 'application/json', prefer: 'return=minimal' },
      payload: JSON.stringify([{ path: '/', source: null, type: 'page_view', step: null }]),
    })
    expect(events.statusCode).toBeLessThan(300)
    expectPrivate(events, 'events table insert')
  })

  it('leave a CORS preflight as PostgREST answers it', async () => {
    const preflight = await inject({
      method: 'OPTIONS',
      url: CONTACT_SUBMISSIONS_PATH,
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'apikey, authorization',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['cache-control']).toBeUndefined()
    expect(varyOf(preflight)).not.toContain('apikey')
  })
})
