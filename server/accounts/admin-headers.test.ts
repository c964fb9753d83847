import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, ADMIN_PAGE_PATH } from '../../common/admin-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { findProjectRoot } from '../project-root.ts'
import { closeAdminApp, openAdminApp, signIn, type AdminApp } from '../testing/admin-session.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { failingDatabase } from '../testing/temp-database.ts'

let webRoot: string
let app: FastifyInstance
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'admin-headers-'))
  await mkdir(join(webRoot, 'admin'))
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Landing</title>')
  await writeFile(join(webRoot, '404.html'), '<!doctype html><title>Not found</title>')
  await writeFile(join(webRoot, 'admin', 'index.html'), '<!doctype html><title>Inbox</title>')
  // No database is needed to answer these; a request that reached one would fail loudly.
  app = buildApp({
    config: parseConfig({ WEB_ROOT: webRoot }),
    db: failingDatabase(() => new Error('no database here')),
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await rm(webRoot, { recursive: true, force: true })
})

describe('the headers of the inbox’s answers', () => {
  it('keep the inbox page and its API out of caches and search engines, under the page’s own policy', async () => {
    const landing = await app.inject('/')
    const policy = landing.headers['content-security-policy']
    expect(policy).toMatch(/script-src 'self'/)
    for (const url of [
      ADMIN_PAGE_PATH,
      `${ADMIN_PAGE_PATH}/`,
      `${ADMIN_PAGE_PATH}/leads/12?status=new`,
      `${ADMIN_API_PATH}/setup`,
      `${ADMIN_API_PATH}/leads`,
    ]) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.headers['x-robots-tag'], url).toBe('noindex')
      expect(response.headers['content-security-policy'], url).toBe(policy)
    }
  })

  it('keep them on every spelling the router takes for the inbox, percent-encoded letters included', async () => {
    // The router decodes these to /admin… and /api/admin…: the inbox's page and routes answer them.
    const routed = [
      '/%61dmin',
      '/%61dmin/',
      '/%61dmin/leads/12',
      '/%61dmin/index.html',
      '/ad%6D%69n/leads/12',
      '/api/%61dmin/setup',
      '/api/ad%6din/session',
      '/api/%61dmin/leads/1',
      '/api/%61dmin/leads?status=new',
    ]
    for (const url of routed) {
      const response = await app.inject(url)
      expect(response.statusCode, url).not.toBe(404)
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.headers['x-robots-tag'], url).toBe('noindex')
    }
    // An encoded slash is not a path separator to the router; were it ever one, the route would still set them.
    for (const url of [
      '/api%2Fadmin/session',
      '/api%2fadmin/leads/1',
      '%2Fapi/admin/session',
      '/api/admin%2Fsession',
      '%2F%61dmin',
    ]) {
      const response = await app.inject(url)
      if (response.statusCode === 404 && response.body.includes('Not found')) continue
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.headers['x-robots-tag'], url).toBe('noindex')
    }
  })

  it('leaves the landing page and paths that only start alike as they were', async () => {
    for (const url of ['/', '/administrator', '/api/administrative']) {
      const response = await app.inject(url)
      expect(response.headers['x-robots-tag'], url).toBeUndefined()
      expect(response.headers['cache-control'], url).not.toBe('no-store')
    }
  })

  it('leaves decoded look-alikes of other pages as they were', async () => {
    for (const url of ['/%61dministrator', '/api/%61dministrative', '/index%2Ehtml']) {
      const response = await app.inject(url)
      expect(response.headers['x-robots-tag'], url).toBeUndefined()
      expect(response.headers['cache-control'], url).not.toBe('no-store')
    }
  })

  it('asks crawlers to keep out of the inbox in robots.txt', async () => {
    const robots = await readFile(join(findProjectRoot(), 'public', 'robots.txt'), 'utf8')
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Disallow: \/admin$/m)
    expect(robots).toMatch(/^Disallow: \/api\/admin$/m)
  })
})

describe('a signed-in read of the inbox spelled with percent-encoded letters', () => {
  const PASSWORD = 'correct horse battery'
  let admin: AdminApp
  beforeAll(async () => {
    admin = await openAdminApp(['owner@example.com'], PASSWORD)
  })
  afterAll(() => closeAdminApp(admin))

  it('carries the session’s CSRF token and a lead only with no-store and noindex', async () => {
    const { cookie, csrfToken } = await signIn(admin.app, 'owner@example.com', PASSWORD)
    const leadId = await insertLead(admin.temp.db, { answers: { name: 'Encoded Path' } })
    const session = await admin.app.inject({ url: `/api/%61dmin/session`, headers: { cookie } })
    expect(session.statusCode).toBe(200)
    expect(session.json()).toMatchObject({ csrfToken })
    const lead = await admin.app.inject({ url: `/api/%61dmin/leads/${leadId}`, headers: { cookie } })
    expect(lead.statusCode).toBe(200)
    expect(lead.body).toContain('Encoded Path')
    for (const response of [session, lead]) {
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['x-robots-tag']).toBe('noindex')
    }
  })
})
