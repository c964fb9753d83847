import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

const PAGE = 'https://brand.example'
// What a browser asks before supabase-js's insert from another origin.
const PREFLIGHT = {
  origin: PAGE,
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'apikey,authorization,content-profile,content-type,prefer,x-client-info',
}

const temp = useTempDatabase()
let open: FastifyInstance
let listed: FastifyInstance
beforeAll(async () => {
  open = buildApp({ config: parseConfig({ SUBMIT_RATE_LIMIT: '0' }), db: temp.db })
  listed = buildApp({
    config: parseConfig({ SUBMIT_RATE_LIMIT: '0', CORS_ORIGINS: `${PAGE}, https://other.example` }),
    db: temp.db,
  })
  await Promise.all([open.ready(), listed.ready()])
})
afterAll(async () => {
  await Promise.all([open.close(), listed.close()])
})

const preflight = (app: FastifyInstance, headers: Record<string, string> = PREFLIGHT, url = CONTACT_SUBMISSIONS_PATH) =>
  app.inject({ method: 'OPTIONS', url, headers })

const insert = (app: FastifyInstance, headers: Record<string, string>, payload = JSON.stringify([validAnswers()])) =>
  app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  })

describe('CORS on the REST API', () => {
  it('answers a preflight like PostgREST, allowing every header supabase-js sends', async () => {
    const response = await preflight(open)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PATCH, DELETE, OPTIONS')
    const allowed = String(response.headers['access-control-allow-headers']).split(', ')
    expect(allowed).toEqual([
      'authorization',
      'apikey',
      'content-type',
      'content-profile',
      'accept-profile',
      'prefer',
      'x-client-info',
      'range',
    ])
    for (const header of PREFLIGHT['access-control-request-headers'].split(',')) expect(allowed).toContain(header)
    expect(response.headers['access-control-max-age']).toBe('86400')
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  })

  it('answers preflights for any path under /rest/v1, as PostgREST does', async () => {
    expect((await preflight(open, PREFLIGHT, '/rest/v1/rpc/anything')).statusCode).toBe(204)
  })

  it('lets the page read the answer to an insert and the headers PostgREST exposes', async () => {
    const response = await insert(open, { origin: PAGE, prefer: 'count=exact' })
    expect(response.statusCode).toBe(201)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    const exposed = String(response.headers['access-control-expose-headers']).split(', ')
    expect(exposed).toEqual(expect.arrayContaining(['content-range', 'content-location', 'preference-applied']))
    expect(response.headers['content-range']).toBe('*/1')
  })

  it('lets the page read refusals too', async () => {
    const bad = await insert(open, { origin: PAGE }, '{')
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['access-control-allow-origin']).toBe('*')
    const read = await open.inject({ url: CONTACT_SUBMISSIONS_PATH, headers: { origin: PAGE } })
    expect(read.statusCode).toBe(401)
    expect(read.headers['access-control-allow-origin']).toBe('*')
  })

  it('allows only the listed origins when CORS_ORIGINS is a list, and varies on Origin', async () => {
    const allowed = await preflight(listed)
    expect(allowed.headers['access-control-allow-origin']).toBe(PAGE)
    expect(allowed.headers.vary).toMatch(/origin/i)
    const post = await insert(listed, { origin: PAGE })
    expect(post.statusCode).toBe(201)
    expect(post.headers['access-control-allow-origin']).toBe(PAGE)
    expect(post.headers.vary).toMatch(/origin/i)

    const stranger = await preflight(listed, { ...PREFLIGHT, origin: 'https://evil.example' })
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined()
    const strangerPost = await insert(listed, { origin: 'https://evil.example' })
    expect(strangerPost.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('leaves the site alone: no CORS headers outside /rest/v1', async () => {
    const page = await open.inject({ url: '/', headers: { origin: PAGE } })
    expect(page.headers['access-control-allow-origin']).toBeUndefined()
    const options = await preflight(open, PREFLIGHT, '/')
    expect(options.statusCode).toBe(404)
    expect(options.headers['access-control-allow-origin']).toBeUndefined()
    expect(options.headers['access-control-allow-methods']).toBeUndefined()
  })
})
