import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { DEFAULT_SITE_MANIFEST } from '../../common/site-manifest.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { SUBMISSION_BODY_LIMIT } from '../applications/contact-submissions.ts'
import { parseConfig } from '../config.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { failingDatabase } from '../testing/temp-database.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

const SECRET = 'postgres://admin:hunter2@db.internal'
const SERVICE_ROLE_KEY = 'service-role-key-for-header-tests'

let webRoot: string
const temp = useTempDatabase()
let app: FastifyInstance
let broken: FastifyInstance
let databaseError: () => Error = () => new Error(SECRET)

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'web-root-'))
  await mkdir(join(webRoot, 'assets'))
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Landing</title>')
  await writeFile(join(webRoot, '404.html'), '<!doctype html><title>Not found</title>')
  await writeFile(join(webRoot, 'assets', 'app-1.js'), 'console.log(1)')
  const env = { WEB_ROOT: webRoot, SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' }
  app = buildApp({ config: parseConfig(env), db: temp.db })
  broken = buildApp({ config: parseConfig(env), db: failingDatabase(() => databaseError()) })
  // Only to force an unexpected error outside the API; the app has no such route.
  broken.get('/boom', async () => {
    throw new Error(SECRET)
  })
  await Promise.all([app.ready(), broken.ready()])
})
afterAll(async () => {
  await Promise.all([app.close(), broken.close()])
  await rm(webRoot, { recursive: true, force: true })
})

/** Content-Security-Policy as a map of directive to sources. */
function parseCsp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string')
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

const PAGE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.youtube-nocookie.com'],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const { headers } = response
  expect(parseCsp(headers['content-security-policy'])).toEqual(PAGE_CSP)
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/)
  expect(headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/)
  expect(headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/)
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  expect(headers['strict-transport-security']).toBeUndefined()
  expect(headers['x-powered-by']).toBeUndefined()
}

function expectNothingInternal(response: LightMyRequestResponse) {
  expect(response.body).not.toContain('hunter2')
  expect(response.body).not.toContain('db.internal')
  expect(response.body).not.toMatch(/\bat .+[.:]\d+/)
  expect(response.body).not.toMatch(/node_modules|\.ts\b/)
}

describe('security headers', () => {
  const json = (body: unknown) => JSON.stringify(body)
  const cases: [string, () => Promise<LightMyRequestResponse>, number][] = [
    ['the page', () => app.inject('/'), 200],
    ['an asset', () => app.inject('/assets/app-1.js'), 200],
    ['the 404 page', () => app.inject('/no/such/page'), 404],
    ['a JSON 404', () => app.inject({ method: 'POST', url: '/no/such/page' }), 404],
    [
      'an insert',
      () => app.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: json([validAnswers()]) }),
      201,
    ],
    ['a read', () => app.inject({ url: CONTACT_SUBMISSIONS_PATH, headers: { apikey: SERVICE_ROLE_KEY } }), 200],
    ['a refused body', () => app.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: '{' }), 400],
    ['a refused read', () => app.inject(CONTACT_SUBMISSIONS_PATH), 401],
    ['an unknown table', () => app.inject('/rest/v1/secrets'), 404],
    [
      'a body too large',
      () =>
        app.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: 'x'.repeat(SUBMISSION_BODY_LIMIT + 1) }),
      413,
    ],
    [
      'a preflight',
      () =>
        app.inject({
          method: 'OPTIONS',
          url: CONTACT_SUBMISSIONS_PATH,
          headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' },
        }),
      204,
    ],
    [
      'an API failure',
      () => broken.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: json([validAnswers()]) }),
      500,
    ],
    ['a site failure', () => broken.inject('/boom'), 500],
  ]

  it.each(cases)('are on %s', async (_label, send, status) => {
    const response = await send()
    expect(response.statusCode).toBe(status)
    expectSecurityHeaders(response)
  })

  it('are on 503 answers, which keep Retry-After', async () => {
    databaseError = () => new DatabaseUnavailableError(SECRET)
    const response = await broken.inject({
      method: 'POST',
      url: CONTACT_SUBMISSIONS_PATH,
      payload: json([validAnswers()]),
    })
    databaseError = () => new Error(SECRET)
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expectSecurityHeaders(response)
    expectNothingInternal(response)
  })

  it('let no internal detail out of a forced 500', async () => {
    const api = await broken.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: json([validAnswers()]) })
    expect(api.json()).toEqual({ code: 'XX000', message: 'Internal server error', details: null, hint: null })
    expectNothingInternal(api)
    const site = await broken.inject('/boom')
    expect(site.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' })
    expectNothingInternal(site)
  })

  it('allow the API origin and the video origin the page is built with', async () => {
    const custom = buildApp({
      config: parseConfig({ WEB_ROOT: webRoot }),
      db: temp.db,
      site: {
        ...DEFAULT_SITE_MANIFEST,
        apiOrigin: 'https://project.supabase.co',
        videoOrigin: 'https://player.vimeo.com',
      },
    })
    try {
      const csp = parseCsp((await custom.inject('/')).headers['content-security-policy'])
      expect(csp['connect-src']).toEqual(["'self'", 'https://project.supabase.co'])
      expect(csp['frame-src']).toEqual(['https://player.vimeo.com'])
    } finally {
      await custom.close()
    }
  })

  it('send HSTS, and upgrade insecure requests, only when HSTS_MAX_AGE is set', async () => {
    const https = buildApp({ config: parseConfig({ WEB_ROOT: webRoot, HSTS_MAX_AGE: '31536000' }), db: temp.db })
    try {
      const response = await https.inject('/')
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
      expect(parseCsp(response.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests')
    } finally {
      await https.close()
    }
    const plain = await app.inject('/')
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    expect(parseCsp(plain.headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests')
  })
})

describe('timeouts', () => {
  it('bound how long a request and an idle connection may take', () => {
    expect(app.server.requestTimeout).toBe(30_000)
    expect(app.server.keepAliveTimeout).toBe(72_000)
    expect(app.server.timeout).toBe(75_000)
  })
})
