import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { INSECURE_TRANSPORT, type AdminSession } from '../../common/session-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { closeAdminApp, openAdminApp, signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { SESSION_COOKIE, SESSION_IDLE_SECONDS } from './sessions.ts'

const PASSWORD = 'correct horse battery'
const SESSION = `${ADMIN_API_PATH}/session`

let temp: TempDatabase
let app: FastifyInstance
beforeAll(async () => {
  ;({ temp, app } = await openAdminApp(['Owner@Example.com'], PASSWORD))
})
afterAll(() => closeAdminApp({ temp, app }))

const getSession = (cookie?: string) => app.inject({ url: SESSION, headers: cookie === undefined ? {} : { cookie } })
const sessionRows = async () =>
  (await temp.db.query<{ n: number | string }>('SELECT count(*) AS n FROM admin_sessions'))[0]?.n

describe(`signing in and out on ${DATABASE_TARGET}`, () => {
  it('signs in with any case of the email, setting a __Host- cookie that is Secure, HttpOnly and SameSite=Strict', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: ' OWNER@example.COM ', password: PASSWORD },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<AdminSession>()
    expect(body).toEqual({
      email: 'owner@example.com',
      csrfToken: expect.stringMatching(/^[\w-]{43}$/) as unknown,
      totpEnabled: false,
      timeZone: 'UTC',
    })
    const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' })
    expect(cookie).not.toHaveProperty('domain')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-robots-tag']).toBe('noindex')
  })

  it('answers GET /session with who is signed in and the CSRF token, and 401 without a session', async () => {
    const { cookie, csrfToken } = await signIn(app, 'owner@example.com', PASSWORD)
    const response = await getSession(cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ email: 'owner@example.com', csrfToken, totpEnabled: false, timeZone: 'UTC' })
    const none = await getSession()
    expect(none.statusCode).toBe(401)
    expect(none.json()).toMatchObject({ statusCode: 401, message: expect.stringMatching(/sign in/i) as unknown })
    expect((await getSession(`${SESSION_COOKIE}=${'x'.repeat(43)}`)).statusCode).toBe(401)
  })

  it('gives the same answer for an unknown email as for a wrong password', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: 'owner@example.com', password: 'not the password' },
    })
    const unknown = await app.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: 'nobody@example.com', password: 'not the password' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(unknown.body).toBe(wrong.body)
    expect(unknown.cookies).toEqual([])
  })

  it('issues a new session id at sign-in: one the browser had before is not the one after, and is not signed in', async () => {
    const before = await signIn(app, 'owner@example.com', PASSWORD)
    const planted = `${SESSION_COOKIE}=${'a'.repeat(43)}`
    for (const earlier of [planted, before.cookie]) {
      const after = await app.inject({
        method: 'POST',
        url: SESSION,
        headers: { cookie: earlier },
        payload: { email: 'owner@example.com', password: PASSWORD },
      })
      expect(after.statusCode).toBe(200)
      const cookie = after.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
      expect(`${SESSION_COOKIE}=${cookie?.value}`).not.toBe(earlier)
      expect((await getSession(earlier)).statusCode).toBe(401)
      expect((await getSession(`${SESSION_COOKIE}=${cookie?.value}`)).statusCode).toBe(200)
    }
  })

  it('signs out with DELETE /session: the old cookie then gets 401', async () => {
    const { cookie, csrfToken } = await signIn(app, 'owner@example.com', PASSWORD)
    const response = await app.inject({ method: 'DELETE', url: SESSION, headers: { cookie, [CSRF_HEADER]: csrfToken } })
    expect(response.statusCode).toBe(204)
    const cleared = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
    expect(cleared?.value).toBe('')
    expect((await getSession(cookie)).statusCode).toBe(401)
  })

  it('ends a session after 12 idle hours, and keeps one in use alive', async () => {
    const idle = await signIn(app, 'owner@example.com', PASSWORD)
    const busy = await signIn(app, 'owner@example.com', PASSWORD)
    const age = async (cookie: string, seconds: number) => {
      const { csrfToken } = (await getSession(cookie)).json<AdminSession>()
      await temp.db.query(
        "UPDATE admin_sessions SET last_seen_at = now() - $2::int * interval '1 second' WHERE csrf_token = $1",
        [csrfToken, seconds],
      )
    }
    await age(busy.cookie, SESSION_IDLE_SECONDS - 60)
    expect((await getSession(busy.cookie)).statusCode).toBe(200)
    await age(idle.cookie, SESSION_IDLE_SECONDS + 1)
    expect((await getSession(idle.cookie)).statusCode).toBe(401)
    // Seen just now, after almost 12 hours: a fresh 12 hours start.
    const [row] = await temp.db.query<{ fresh: boolean }>(
      "SELECT bool_and(last_seen_at > now() - interval '1 minute') AS fresh FROM admin_sessions WHERE csrf_token = $1",
      [busy.csrfToken],
    )
    expect(row?.fresh).toBe(true)
  })

  it('keeps only a digest of the session id', async () => {
    const { cookie } = await signIn(app, 'owner@example.com', PASSWORD)
    const id = cookie.split('=')[1] ?? ''
    const rows = await temp.db.query(
      "SELECT 1 FROM admin_sessions WHERE encode(id_hash, 'escape') LIKE '%' || $1 || '%'",
      [id],
    )
    expect(rows).toEqual([])
    expect(Number(await sessionRows())).toBeGreaterThan(0)
  })

  it('records sign-ins and sign-outs in the audit log', async () => {
    const rows = await temp.db.query<{ action: string }>(
      "SELECT action FROM admin_audit WHERE actor_email = 'owner@example.com'",
    )
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['sign-in', 'sign-out']))
  })

  it('refuses a malformed sign-in with 400 and a message', async () => {
    const response = await app.inject({ method: 'POST', url: SESSION, payload: { email: 'owner@example.com' } })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(/password/)
  })
})

describe('the sign-in page setup', () => {
  it('says the transport is secure on loopback and over HTTPS, and not over plain HTTP elsewhere', async () => {
    const setup = (host: string, headers: Record<string, string> = {}) =>
      app
        .inject({ url: `${ADMIN_API_PATH}/setup`, headers: { host, ...headers } })
        .then((response) => response.json<unknown>())
    expect(await setup('localhost:8080')).toEqual({ secureTransport: true })
    expect(await setup('127.0.0.1:8080')).toEqual({ secureTransport: true })
    expect(await setup('[::1]:8080')).toEqual({ secureTransport: true })
    expect(await setup('inbox.example.com')).toEqual({ secureTransport: false })
    // No proxy is trusted here, so a client's own X-Forwarded-Proto changes nothing.
    expect(await setup('inbox.example.com', { 'x-forwarded-proto': 'https' })).toEqual({ secureTransport: false })
  })

  it('believes X-Forwarded-Proto from a trusted proxy', async () => {
    const proxied = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent', TRUST_PROXY: '1' }), db: temp.db })
    try {
      const response = await proxied.inject({
        url: `${ADMIN_API_PATH}/setup`,
        headers: { host: 'inbox.example.com', 'x-forwarded-proto': 'https' },
      })
      expect(response.json()).toEqual({ secureTransport: true })
    } finally {
      await proxied.close()
    }
  })

  it('refuses to sign in over plain HTTP from elsewhere, saying why', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SESSION,
      headers: { host: 'inbox.example.com' },
      payload: { email: 'owner@example.com', password: PASSWORD },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({
      error: INSECURE_TRANSPORT,
      message: expect.stringMatching(/HTTPS/) as unknown,
    })
    expect(response.cookies).toEqual([])
  })
})
