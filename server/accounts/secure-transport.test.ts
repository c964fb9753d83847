import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { INSECURE_TRANSPORT } from '../../common/session-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { closeAdminApp, openAdminApp, type AdminApp } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { isLoopbackAddress } from './secure-transport.ts'
import { SESSION_COOKIE } from './sessions.ts'

const EMAIL = 'owner@example.com'
const PASSWORD = 'correct horse battery'
const ELSEWHERE = '203.0.113.5'

let admin: AdminApp
// The same deployment behind one proxy on this machine that it trusts.
let proxied: FastifyInstance
beforeAll(async () => {
  admin = await openAdminApp([EMAIL], PASSWORD)
  proxied = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent', TRUST_PROXY: '1' }), db: admin.temp.db })
  await proxied.ready()
})
afterAll(async () => {
  await proxied.close()
  await closeAdminApp(admin)
})

interface From {
  remoteAddress: string
  headers?: Record<string, string>
  app?: FastifyInstance
}

const setup = async ({ remoteAddress, headers = {}, app = admin.app }: From) =>
  (await app.inject({ url: `${ADMIN_API_PATH}/setup`, remoteAddress, headers })).json<{ secureTransport: boolean }>()
    .secureTransport

const signIn = ({ remoteAddress, headers = {}, app = admin.app }: From) =>
  app.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}/session`,
    remoteAddress,
    headers,
    payload: { email: EMAIL, password: PASSWORD },
  })

describe(`the sign-in's HTTPS check on ${DATABASE_TARGET}`, () => {
  it('refuses plain HTTP from another machine that names localhost in Host, and sets no cookie', async () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1', '[::1]:8080', 'inbox.localhost']) {
      const from = { remoteAddress: ELSEWHERE, headers: { host } }
      expect(await setup(from), host).toBe(false)
      const response = await signIn(from)
      expect(response.statusCode, host).toBe(403)
      expect(response.json(), host).toMatchObject({ error: INSECURE_TRANSPORT })
      expect(response.cookies, host).toEqual([])
    }
  })

  it('does not take the client’s own X-Forwarded-For or X-Forwarded-Proto for this machine or HTTPS', async () => {
    const from = {
      remoteAddress: ELSEWHERE,
      headers: { host: 'localhost', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' },
    }
    expect(await setup(from)).toBe(false)
    expect((await signIn(from)).statusCode).toBe(403)
  })

  it('signs in over plain HTTP on this machine, from any loopback address, to a loopback name', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const from = { remoteAddress, headers: { host: 'localhost:8080' } }
      expect(await setup(from), remoteAddress).toBe(true)
      const response = await signIn(from)
      expect(response.statusCode, remoteAddress).toBe(200)
      expect(
        response.cookies.map((cookie) => cookie.name),
        remoteAddress,
      ).toContain(SESSION_COOKIE)
    }
    // The browser drops a Secure cookie sent over plain HTTP to any other name.
    expect(await setup({ remoteAddress: '127.0.0.1', headers: { host: 'inbox.example.com' } })).toBe(false)
  })

  it('behind a trusted proxy on this machine, goes by the client it reports: HTTPS, or a client on this machine', async () => {
    const remote = { 'x-forwarded-for': ELSEWHERE, host: 'localhost' }
    expect(
      await setup({ app: proxied, remoteAddress: '127.0.0.1', headers: { ...remote, 'x-forwarded-proto': 'http' } }),
    ).toBe(false)
    expect((await signIn({ app: proxied, remoteAddress: '127.0.0.1', headers: remote })).statusCode).toBe(403)
    const https = { ...remote, host: 'inbox.example.com', 'x-forwarded-proto': 'https' }
    expect(await setup({ app: proxied, remoteAddress: '127.0.0.1', headers: https })).toBe(true)
    expect((await signIn({ app: proxied, remoteAddress: '127.0.0.1', headers: https })).statusCode).toBe(200)
    expect(await setup({ app: proxied, remoteAddress: '127.0.0.1', headers: { host: 'localhost' } })).toBe(true)
  })

  it('knows loopback addresses from others', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true)
    for (const address of [
      undefined,
      '',
      'localhost',
      '10.0.0.1',
      '128.0.0.1',
      '::2',
      '::ffff:10.0.0.1',
      '1127.0.0.1',
      '::ffff:7f00:1x',
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false)
    }
  })
})
