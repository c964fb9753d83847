import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, ADMIN_PAGE_PATH } from '../../common/admin-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { failingDatabase } from '../testing/temp-database.ts'
import { findProjectRoot } from '../project-root.ts'

let webRoot: string
let app: FastifyInstance
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'admin-headers-'))
  await mkdir(join(webRoot, 'admin'))
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Landing</title>')
  await writeFile(join(webRoot, '404.html'), '<!doctype html><title>Not found</title>')
  await writeFile(join(webRoot, 'admin', 'index.html'), '<!doctype html><title>Inbox</title>')
  // No database is needed to answer these; a request that reached one would fail loudly.
  app = buildApp({ config: parseConfig({ WEB_ROOT: webRoot }), db: failingDatabase(() => new Error('no database here')) })
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
    for (const url of [ADMIN_PAGE_PATH, `${ADMIN_PAGE_PATH}/`, `${ADMIN_PAGE_PATH}/leads/12?status=new`, `${ADMIN_API_PATH}/setup`, `${ADMIN_API_PATH}/leads`]) {
      const response = await app.inject(url)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.headers['cache-control'], url).toBe('no-store')
      expect(response.headers['x-robots-tag'], url).toBe('noindex')
      expect(response.headers['content-security-policy'], url).toBe(policy)
    }
  })

  it('leaves the landing page and paths that only start alike as they were', async () => {
    for (const url of ['/', '/administrator', '/api/administrative']) {
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
