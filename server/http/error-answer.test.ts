import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { failingDatabase } from '../testing/temp-database.ts'

// None of these answers reaches a route, so none needs the database or a built page.
const noDatabase = failingDatabase(() => new Error('no database in these tests'))

let webRoot: string
let app: FastifyInstance

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'web-root-'))
  app = buildApp({ config: parseConfig({ WEB_ROOT: webRoot }), db: noDatabase })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await rm(webRoot, { recursive: true, force: true })
})

describe('answers given before any hook runs', () => {
  it('carry the security headers, and do not quote a malformed URL back', async () => {
    const response = await app.inject('/%E0%A4%A<script>')
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/)
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Bad Request' })
    expect(response.body).not.toContain('script')
  })

  /** Sends raw bytes to the listening app and returns everything it answers. */
  async function rawRequest(server: FastifyInstance, bytes: string): Promise<string> {
    const address = server.server.address()
    if (address === null || typeof address === 'string') throw new Error('not listening')
    return new Promise((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1', () => socket.write(bytes))
      let answer = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => (answer += chunk))
      socket.on('error', reject)
      socket.on('close', () => resolve(answer))
    })
  }

  it.each([
    ['malformed HTTP', 'NONSENSE\r\n\r\n', 400],
    ['headers over the limit', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('carry the security headers too: %s', async (_label, bytes, status) => {
    const listening = buildApp({ config: parseConfig({ WEB_ROOT: webRoot, HSTS_MAX_AGE: '600' }), db: noDatabase })
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' })
      const answer = await rawRequest(listening, bytes)
      const [head = '', body] = answer.split('\r\n\r\n')
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
      const headers = head.toLowerCase()
      expect(headers).toContain('x-content-type-options: nosniff')
      expect(headers).toContain('x-frame-options: deny')
      expect(headers).toContain("content-security-policy: default-src 'none'; frame-ancestors 'none'")
      expect(headers).toContain('strict-transport-security: max-age=600')
      expect(headers).toContain('permissions-policy: camera=()')
      expect(JSON.parse(body ?? '')).toMatchObject({ statusCode: status })
    } finally {
      await listening.close()
    }
  })
})
