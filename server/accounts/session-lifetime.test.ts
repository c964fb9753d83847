import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { closeAdminApp, openAdminApp, signIn, type AdminApp, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'

const EMAIL = 'owner@example.com'
const PASSWORD = 'correct horse battery'

let admin: AdminApp
// The same database under ADMIN_SESSION_MAX_DAYS=2.
let shortLived: FastifyInstance
beforeAll(async () => {
  admin = await openAdminApp([EMAIL], PASSWORD)
  shortLived = buildApp({
    config: parseConfig({ WEB_ROOT: '/nonexistent', ADMIN_SESSION_MAX_DAYS: '2' }),
    db: admin.temp.db,
  })
  await shortLived.ready()
})
afterAll(async () => {
  await shortLived.close()
  await closeAdminApp(admin)
})

/** Moves the session's sign-in back `age` (an SQL interval), as if it had been in use ever since: seen a minute ago. */
const signedInAgo = (session: SignedIn, age: string) =>
  admin.temp.db.query(
    "UPDATE admin_sessions SET created_at = now() - $2::interval, last_seen_at = now() - interval '1 minute' WHERE csrf_token = $1",
    [session.csrfToken, age],
  )

const read = (app: FastifyInstance, session: SignedIn) =>
  app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie: session.cookie } })

describe(`a session's lifetime from sign-in on ${DATABASE_TARGET}`, () => {
  it('ends a session 30 days after sign-in by default, however recently it was used', async () => {
    const young = await signIn(admin.app, EMAIL, PASSWORD)
    const old = await signIn(admin.app, EMAIL, PASSWORD)
    await signedInAgo(young, '29 days 23 hours')
    await signedInAgo(old, '30 days 1 minute')
    expect((await read(admin.app, young)).statusCode).toBe(200)
    const refused = await read(admin.app, old)
    expect(refused.statusCode).toBe(401)
    // Changes too: the CSRF token of a session past its lifetime is worth nothing.
    const signOut = await admin.app.inject({
      method: 'DELETE',
      url: `${ADMIN_API_PATH}/session`,
      headers: { cookie: old.cookie, [CSRF_HEADER]: old.csrfToken },
    })
    expect(signOut.statusCode).toBe(401)
  })

  it('follows ADMIN_SESSION_MAX_DAYS', async () => {
    const young = await signIn(shortLived, EMAIL, PASSWORD)
    const old = await signIn(shortLived, EMAIL, PASSWORD)
    await signedInAgo(young, '1 day 23 hours')
    await signedInAgo(old, '2 days 1 minute')
    expect((await read(shortLived, young)).statusCode).toBe(200)
    expect((await read(shortLived, old)).statusCode).toBe(401)
  })

  it('is not revived by use: a refused session stays refused', async () => {
    const session = await signIn(admin.app, EMAIL, PASSWORD)
    await signedInAgo(session, '31 days')
    expect((await read(admin.app, session)).statusCode).toBe(401)
    const [row] = await admin.temp.db.query<{ stale: boolean }>(
      "SELECT last_seen_at < now() - interval '30 seconds' AS stale FROM admin_sessions WHERE csrf_token = $1",
      [session.csrfToken],
    )
    expect(row?.stale).toBe(true)
  })
})
