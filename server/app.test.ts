import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { validAnswers } from '../common/testing/valid-answers.ts'
import { buildApp } from './app.ts'
import { parseConfig } from './config.ts'
import { DatabaseUnavailableError } from './db/database.ts'
import { failingDatabase } from './testing/temp-database.ts'

// Big enough to be worth compressing (the threshold is 1 KiB).
const INDEX_HTML = `<!doctype html><html><body><div id="root">${'<p>Scale your brand</p>'.repeat(100)}</div></body></html>`
const NOT_FOUND_HTML = `<!doctype html><html><body><div id="root">${'<p>Oops! Page not found</p>'.repeat(100)}</div></body></html>`
const APP_JS = `console.log(${JSON.stringify('landing page '.repeat(200))})`
const PRECOMPRESSED_BR = brotliCompressSync(APP_JS, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } })
const INTERNAL_DETAIL = 'connection string postgres://admin:hunter2@db'

let webRoot: string
let app: FastifyInstance
let databaseError: () => Error = () => new Error(INTERNAL_DETAIL)

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'web-root-'))
  await mkdir(join(webRoot, 'assets'))
  await writeFile(join(webRoot, 'index.html'), INDEX_HTML)
  await writeFile(join(webRoot, '404.html'), NOT_FOUND_HTML)
  await writeFile(join(webRoot, 'assets', 'app-abc123.js'), APP_JS)
  await writeFile(join(webRoot, 'robots.txt'), 'User-agent: *\n')
  // As the build leaves them: precompressed siblings, here at a quality the server would not pick.
  await writeFile(join(webRoot, 'assets', 'pre-xyz789.js'), APP_JS)
  await writeFile(join(webRoot, 'assets', 'pre-xyz789.js.br'), PRECOMPRESSED_BR)
  app = buildApp({ config: parseConfig({ WEB_ROOT: webRoot }), db: failingDatabase(() => databaseError()) })
  // Only to exercise the generic error handler; the app itself has no such route.
  app.get('/boom', async () => {
    throw new Error(INTERNAL_DETAIL)
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await rm(webRoot, { recursive: true, force: true })
})

describe('the static site', () => {
  it('serves index.html at / and makes browsers revalidate it', async () => {
    const response = await app.inject('/')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe(INDEX_HTML)
  })

  it('lets browsers keep hashed assets forever', async () => {
    const response = await app.inject('/assets/app-abc123.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.body).toBe(APP_JS)
  })

  it('makes browsers revalidate other files', async () => {
    const response = await app.inject('/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('compresses with %s when the browser accepts it', async (encoding, decompress) => {
    for (const url of ['/', '/assets/app-abc123.js']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': encoding } })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.rawPayload.length).toBeLessThan(url === '/' ? INDEX_HTML.length : APP_JS.length)
      expect(decompress(response.rawPayload).toString()).toBe(url === '/' ? INDEX_HTML : APP_JS)
    }
  })

  it('sends the build’s precompressed file as it is', async () => {
    const response = await app.inject({ url: '/assets/pre-xyz789.js', headers: { 'accept-encoding': 'br' } })
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.rawPayload.equals(PRECOMPRESSED_BR)).toBe(true)
    expect((await app.inject('/assets/pre-xyz789.js.br')).statusCode).toBe(404)
  })

  it('answers a revalidation of an unchanged page with 304 and no body', async () => {
    const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } })
    const etag = first.headers.etag
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await app.inject({ url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('no-cache')
    const changed = await app.inject({ url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': '"older"' } })
    expect(changed.statusCode).toBe(200)
    // Each encoding is its own representation, with its own tag.
    const plain = await app.inject({ url: '/', headers: { 'if-none-match': String(etag) } })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers.etag).not.toBe(etag)
  })

  it('ignores an encoding the browser refuses with q=0', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(response.headers['content-encoding']).toBe('gzip')
  })

  it('prefers brotli when both are accepted', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(response.headers['content-encoding']).toBe('br')
  })

  it('sends plain bytes to clients that do not ask for compression', async () => {
    const response = await app.inject('/assets/app-abc123.js')
    expect(response.headers['content-encoding']).toBeUndefined()
  })

  it.each(['/nope', '/deeply/nested/path', '/assets/missing-123.js'])(
    'answers GET %s with status 404 and the not-found page, uncached',
    async (url) => {
      const response = await app.inject(url)
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(NOT_FOUND_HTML)
    },
  )

  it('compresses the 404 page too', async () => {
    const response = await app.inject({ url: '/nope', headers: { 'accept-encoding': 'br' } })
    expect(response.statusCode).toBe(404)
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(NOT_FOUND_HTML)
  })

  it('answers other methods on unknown paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/nope', payload: {} })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' })
  })

  it('tells browsers not to sniff content types', async () => {
    expect((await app.inject('/')).headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('errors', () => {
  it('hides the cause of a 5xx', async () => {
    const response = await app.inject('/boom')
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    })
    expect(response.body).not.toContain('hunter2')
    expect(response.body).not.toMatch(/at .*\.ts:\d+/)
  })

  it('hides the cause of a failed insert behind a PostgREST 500', async () => {
    databaseError = () => new Error(INTERNAL_DETAIL)
    const response = await app.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: [validAnswers()] })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ code: 'XX000', message: 'Internal server error', details: null, hint: null })
    expect(response.body).not.toContain('hunter2')
  })

  it('answers 503 with Retry-After when the database is unreachable', async () => {
    databaseError = () => new DatabaseUnavailableError(INTERNAL_DETAIL)
    const response = await app.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: [validAnswers()] })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toMatchObject({ code: 'PGRST001' })
    expect(response.body).not.toContain('hunter2')
  })

  it('answers 503 for PostgreSQL connection errors', async () => {
    databaseError = () => Object.assign(new Error(INTERNAL_DETAIL), { code: '08006' })
    const response = await app.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: [validAnswers()] })
    expect(response.statusCode).toBe(503)
    expect(response.body).not.toContain('hunter2')
  })
})
