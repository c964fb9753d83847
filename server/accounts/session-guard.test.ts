import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { AdminSession } from '../../common/session-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { createAdminAccount, signIn, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

const PASSWORD = 'correct horse battery'
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
// The only routes anyone may call: signing in, what the sign-in page needs first, and a teammate's set-up link.
const OPEN = new Set([
  `POST ${ADMIN_API_PATH}/session`,
  `GET ${ADMIN_API_PATH}/setup`,
  `HEAD ${ADMIN_API_PATH}/setup`,
  `POST ${ADMIN_API_PATH}/setup-link`,
  `POST ${ADMIN_API_PATH}/setup-link/password`,
])

interface AdminRoute {
  method: HTTPMethods
  url: string
}

const temp = useTempDatabase()
let app: FastifyInstance
let session: SignedIn
// Every route under /api/admin, as Fastify adds it: a route added later is tested without being named here.
const routes: AdminRoute[] = []
beforeAll(async () => {
  app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db })
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_API_PATH)) return
    for (const method of [route.method].flat()) routes.push({ method: method as HTTPMethods, url: route.url })
  })
  await app.ready()
  await createAdminAccount(temp.db, 'owner@example.com', PASSWORD)
  session = await signIn(app, 'owner@example.com', PASSWORD)
})
afterAll(async () => {
  await app.close()
})

// A real path for a route's pattern: ids that exist nowhere, a wildcard's tail.
const pathOf = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'anything')
const guarded = () => routes.filter((route) => !OPEN.has(`${route.method} ${route.url}`))
const request = (route: AdminRoute, headers: Record<string, string>): InjectOptions => ({
  method: route.method,
  url: pathOf(route.url),
  headers: { ...headers, ...(CHANGES.has(route.method) ? { 'content-type': 'application/json' } : {}) },
  ...(CHANGES.has(route.method) ? { payload: '{}' } : {}),
})
const getSession = (cookie: string) => app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie } })

describe(`the inbox's guard on ${DATABASE_TARGET}`, () => {
  it('sees the session, sign-out, two-factor and lead routes', () => {
    const seen = new Set(guarded().map((route) => `${route.method} ${route.url}`))
    for (const expected of [
      'GET /session',
      'DELETE /session',
      'POST /totp/setup',
      'POST /totp/enable',
      'POST /totp/disable',
      'GET /leads',
    ]) {
      const [method, path] = expected.split(' ')
      expect(seen).toContain(`${method} ${ADMIN_API_PATH}${path}`)
    }
  })

  it('answers 401 with a JSON message to every route without a session, or with a made-up one', async () => {
    const cookies = [undefined, `__Host-admin-session=${'A'.repeat(43)}`, '__Host-admin-session=not-even-the-format']
    for (const route of guarded()) {
      for (const cookie of cookies) {
        const response = await app.inject(request(route, cookie === undefined ? {} : { cookie }))
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
        if (route.method !== 'HEAD')
          expect(response.json(), `${route.method} ${route.url}`).toMatchObject({
            statusCode: 401,
            error: 'Unauthorized',
          })
        expect(response.headers['cache-control']).toBe('no-store')
      }
    }
  })

  it('answers 403 to every change with a session but without its CSRF token, or with a wrong one', async () => {
    const other = await signIn(app, 'owner@example.com', PASSWORD)
    const changes = guarded().filter((route) => CHANGES.has(route.method))
    expect(changes.length).toBeGreaterThan(4)
    for (const route of changes) {
      for (const token of [undefined, '', 'wrong', other.csrfToken, `${session.csrfToken}x`]) {
        const headers = { cookie: session.cookie, ...(token === undefined ? {} : { [CSRF_HEADER]: token }) }
        const response = await app.inject(request(route, headers))
        expect(response.statusCode, `${route.method} ${route.url} with ${String(token)}`).toBe(403)
        expect(response.json<{ message: string }>().message).toContain(CSRF_HEADER)
      }
    }
  })

  it('makes no change when refusing one: signing out and setting up two-factor without the token do nothing', async () => {
    const signOut = await app.inject({
      method: 'DELETE',
      url: `${ADMIN_API_PATH}/session`,
      headers: { cookie: session.cookie, [CSRF_HEADER]: 'wrong' },
    })
    expect(signOut.statusCode).toBe(403)
    expect(signOut.cookies).toEqual([])
    expect((await getSession(session.cookie)).statusCode).toBe(200)

    const setup = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/totp/setup`,
      headers: { cookie: session.cookie },
    })
    expect(setup.statusCode).toBe(403)
    const [row] = await temp.db.query<{ totp_secret: string | null }>(
      "SELECT totp_secret FROM admin_accounts WHERE email = 'owner@example.com'",
    )
    expect(row?.totp_secret).toBeNull()
  })

  it('lets a change through with the right token, and reads need none', async () => {
    const headers = { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken }
    expect((await app.inject({ method: 'POST', url: `${ADMIN_API_PATH}/totp/setup`, headers })).statusCode).toBe(200)
    expect((await getSession(session.cookie)).json<AdminSession>().csrfToken).toBe(session.csrfToken)
  })

  it('refuses a change another site started, even with the token', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await app.inject({
        method: 'DELETE',
        url: `${ADMIN_API_PATH}/session`,
        headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken, 'sec-fetch-site': site },
      })
      expect(response.statusCode).toBe(403)
    }
    expect((await getSession(session.cookie)).statusCode).toBe(200)
  })

  it('refuses a sign-in that is not JSON, as a form on another site would send it, or that another site started', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/session`,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'owner@example.com', password: PASSWORD }),
    })
    expect(response.statusCode).toBe(415)
    expect(response.cookies).toEqual([])

    // Nor one another site's script started, which the browser marks.
    const crossSite = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/session`,
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'owner@example.com', password: PASSWORD },
    })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.cookies).toEqual([])
  })

  it('answers 404 to an unknown path only when signed in', async () => {
    expect((await app.inject(`${ADMIN_API_PATH}/nothing-here`)).statusCode).toBe(401)
    const response = await app.inject({ url: `${ADMIN_API_PATH}/nothing-here`, headers: { cookie: session.cookie } })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ statusCode: 404 })
  })
})
