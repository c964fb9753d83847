import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staticSite } from './static-site.ts'

const INDEX_HTML = '<!doctype html><title>Landing</title>'
const NOT_FOUND_HTML = '<!doctype html><title>Not found</title>'
const ADMIN_HTML = '<!doctype html><title>Lead inbox</title><script type="module" src="/assets/admin-abc.js"></script>'

const roots: string[] = []
const apps: FastifyInstance[] = []

async function siteWith(files: Record<string, string>) {
  const webRoot = await mkdtemp(join(tmpdir(), 'static-site-'))
  roots.push(webRoot)
  for (const [path, body] of Object.entries(files)) {
    await mkdir(join(webRoot, path, '..'), { recursive: true })
    await writeFile(join(webRoot, path), body)
  }
  const app = Fastify()
  apps.push(app)
  await app.register(staticSite, { webRoot })
  await app.ready()
  return app
}

let app: FastifyInstance
beforeAll(async () => {
  app = await siteWith({
    'index.html': INDEX_HTML,
    '404.html': NOT_FOUND_HTML,
    'admin/index.html': ADMIN_HTML,
    'assets/admin-abc.js': 'export {}',
  })
})
afterAll(async () => {
  await Promise.all(apps.map((each) => each.close()))
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })))
})

describe('the lead inbox page', () => {
  it.each([
    '/admin',
    '/admin/',
    '/admin/index.html',
    '/admin/leads/42',
    '/admin/account',
    '/admin?status=new&view=spam',
  ])('is the answer to GET %s', async (url) => {
    const response = await app.inject(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toBe(ADMIN_HTML)
  })

  it('answers HEAD as GET, without the body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/admin/leads/42' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('')
  })

  it("serves its assets as the landing page's", async () => {
    const response = await app.inject('/assets/admin-abc.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it.each(['/administrator', '/admin-login', '/adminx/leads'])('leaves %s to the not-found page', async (url) => {
    const response = await app.inject(url)
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe(NOT_FOUND_HTML)
  })

  it('is not an answer to other methods', async () => {
    const response = await app.inject({ method: 'POST', url: '/admin/leads/42' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
  })

  it('is the not-found page when the build has no inbox', async () => {
    const landingOnly = await siteWith({ 'index.html': INDEX_HTML, '404.html': NOT_FOUND_HTML })
    const response = await landingOnly.inject('/admin')
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe(NOT_FOUND_HTML)
  })
})
