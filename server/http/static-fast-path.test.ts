import { once } from 'node:events'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Agent, request, type IncomingHttpHeaders } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SITE_MANIFEST } from '../../common/site-manifest.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { writeSiteManifest } from '../testing/site-manifest.ts'
import { failingDatabase } from '../testing/temp-database.ts'
import { securityHeaders } from './security-headers.ts'

// Long enough to be compressed (over 256 bytes), so the page and script have br and gzip forms.
const INDEX_HTML = `<!doctype html><title>Landing</title>${'<p>Scale your brand</p>'.repeat(40)}`
const SCRIPT = `console.log(${JSON.stringify('landing page '.repeat(60))})`
// Too small to compress: it has one form only.
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>'
const NOT_FOUND_HTML = '<!doctype html><title>Not found</title>'
const ADMIN_HTML = '<!doctype html><title>Lead inbox</title>'

const HSTS_MAX_AGE = 31_536_000
const SITE = DEFAULT_SITE_MANIFEST
// Node's own, set on each connection's answers; not the app's to choose.
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive']

interface Answer {
  status: number
  headers: IncomingHttpHeaders | Record<string, unknown>
  body: Buffer
}

let webRoot: string
const agent = new Agent({ keepAlive: true })
// What reached Fastify's onRequest hooks: the fast path's answers never do.
let hooked = 0

async function listeningApp(prepare: (app: FastifyInstance) => void = () => undefined) {
  const app = buildApp({
    config: parseConfig({ WEB_ROOT: webRoot, HSTS_MAX_AGE: String(HSTS_MAX_AGE) }),
    db: failingDatabase(() => new Error('no database here')),
    site: SITE,
  })
  app.addHook('onRequest', (_request, _reply, done) => {
    hooked++
    done()
  })
  prepare(app)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP')
  return { app, port: address.port }
}

let app: FastifyInstance
let port: number
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'fast-path-'))
  const files = {
    'index.html': INDEX_HTML,
    '404.html': NOT_FOUND_HTML,
    'assets/index-abc123.js': SCRIPT,
    'favicon.svg': ICON,
    'admin/index.html': ADMIN_HTML,
  }
  for (const [path, body] of Object.entries(files)) {
    await mkdir(join(webRoot, path, '..'), { recursive: true })
    await writeFile(join(webRoot, path), body)
  }
  await writeSiteManifest(webRoot, SITE)
  ;({ app, port } = await listeningApp())
})
afterAll(async () => {
  agent.destroy()
  await app.close()
  await rm(webRoot, { recursive: true, force: true })
})

/** A request over a real keep-alive connection to the listening server. */
function overSocket(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, method, path, headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

/** The same request to Fastify's own routes, which inject() reaches without the server. */
async function fromRoutes(
  method: 'GET' | 'HEAD' | 'POST',
  path: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const response = await app.inject({ method, url: path, headers })
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload }
}

function signal() {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}

const withoutConnectionHeaders = ({ status, headers, body }: Answer) => ({
  status,
  headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.includes(name))),
  body,
})

const ENCODINGS = { br: 'br', gzip: 'gzip', none: undefined }
const FILES = ['/', '/index.html', '/?utm_source=ig', '/assets/index-abc123.js', '/favicon.svg']

describe('a file over a real connection', () => {
  it.each(
    FILES.flatMap((path) => Object.entries(ENCODINGS).map(([label, encoding]) => [path, label, encoding] as const)),
  )(
    '%s with Accept-Encoding %s is answered as its route answers it, without reaching Fastify',
    async (path, _label, encoding) => {
      const accept: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding }
      const etag = String((await fromRoutes('GET', path, accept)).headers.etag)
      const conditions = {
        none: undefined,
        current: etag,
        stale: '"stale"',
        'a list naming it weakly': `"stale", W/${etag}`,
      }
      for (const method of ['GET', 'HEAD'] as const) {
        for (const [condition, ifNoneMatch] of Object.entries(conditions)) {
          const headers = ifNoneMatch === undefined ? accept : { ...accept, 'if-none-match': ifNoneMatch }
          const reachedBefore = hooked
          const answered = await overSocket(method, path, headers)
          expect(hooked, `${method} ${condition}`).toBe(reachedBefore)
          expect(withoutConnectionHeaders(answered), `${method} ${condition}`).toEqual(
            withoutConnectionHeaders(await fromRoutes(method, path, headers)),
          )
        }
      }
    },
  )

  it("carries the page's headers, and its HEAD the same without the body", async () => {
    const page = await overSocket('GET', '/', { 'accept-encoding': 'br, gzip' })
    const expected = {
      ...securityHeaders({ hstsMaxAge: HSTS_MAX_AGE, ...SITE }),
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      etag: expect.stringMatching(/^"[\w-]{22}-br"$/),
      'content-encoding': 'br',
      'content-length': String(page.body.length),
    }
    expect(page.status).toBe(200)
    expect(withoutConnectionHeaders(page).headers).toEqual(expected)
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX_HTML)

    const head = await overSocket('HEAD', '/', { 'accept-encoding': 'br, gzip' })
    expect(head.status).toBe(200)
    expect(withoutConnectionHeaders(head).headers).toEqual({ ...expected, etag: page.headers.etag })
    expect(head.body.length).toBe(0)
  })
})

describe('what the fast path leaves to Fastify', () => {
  it.each([
    ['GET', '/admin'],
    ['GET', '/admin/index.html'],
    ['GET', '/admin/leads/42'],
    ['GET', '/%69ndex.html'],
    ['GET', '/index.html/'],
    ['GET', '/nowhere'],
    ['HEAD', '/nowhere'],
    ['GET', '/site-manifest.json'],
    ['GET', '/404.html'],
    ['POST', '/'],
  ] as const)('%s %s reaches Fastify, whose answer is the one its routes give', async (method, path) => {
    const headers = { 'accept-encoding': 'br' }
    const reachedBefore = hooked
    const answered = await overSocket(method, path, headers)
    expect(hooked).toBe(reachedBefore + 1)
    expect(withoutConnectionHeaders(answered)).toEqual(
      withoutConnectionHeaders(await fromRoutes(method, path, headers)),
    )
  })
})

describe('a closing app', () => {
  it('leaves files to Fastify, which answers 503 to a request on a connection still open', async () => {
    const arrival = signal()
    const started = signal()
    const closing = await listeningApp((each) => {
      each.addHook('onRequest', async () => arrival.resolve())
      // Runs after the app's own preClose hooks, which stop the fast path.
      each.addHook('preClose', async () => started.resolve())
    })

    const socket = connect(closing.port, '127.0.0.1')
    await once(socket, 'connect')
    const twoAnswers = new Promise<number[]>((resolve) => {
      let received = ''
      socket.setEncoding('latin1').on('data', (chunk: string) => {
        received += chunk
        const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map(([, status]) => Number(status))
        if (statuses.length === 2) resolve(statuses)
      })
    })
    // A request whose body has not all arrived keeps the connection busy, so closing leaves it open.
    socket.write('POST /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nx')
    await arrival.promise
    const closeDone = closing.app.close()
    await started.promise
    socket.write('xGET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    const statuses = await twoAnswers
    socket.destroy()
    await closeDone

    expect(statuses).toEqual([404, 503])
  })
})

describe('the server the app listens on', () => {
  it("has the app's timeouts", () => {
    // Node keeps the checking interval on the server; its types leave it out.
    const server = app.server as typeof app.server & { connectionsCheckingInterval: number }
    expect(server.requestTimeout).toBe(30_000)
    expect(server.headersTimeout).toBe(30_000)
    expect(server.connectionsCheckingInterval).toBe(2_000)
    expect(server.keepAliveTimeout).toBe(72_000)
    expect(server.timeout).toBe(75_000)
  })
})
