import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { closeAdminApp, openAdminApp, signIn, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

const EMAIL = 'changer@example.com'
const OTHER = 'bystander@example.com'
const OLD = 'correct horse battery'
const NEW = 'a brand new long password'

let temp: TempDatabase
let app: FastifyInstance
beforeAll(async () => {
  ;({ temp, app } = await openAdminApp([EMAIL, OTHER], OLD))
})
afterAll(() => closeAdminApp({ temp, app }))

const change = (session: SignedIn, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}/account/password`,
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
    payload,
    remoteAddress,
  })
const sessionStatus = async (session: SignedIn) =>
  (await app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie: session.cookie } })).statusCode

describe(`changing one's password on ${DATABASE_TARGET}`, () => {
  it('refuses a wrong current password, a short new one and a change without the CSRF token, changing nothing', async () => {
    const session = await signIn(app, EMAIL, OLD)
    const wrong = await change(session, { currentPassword: 'not the password', newPassword: NEW })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ message: 'The current password is not right.' })

    const short = await change(session, { currentPassword: OLD, newPassword: 'too short' })
    expect(short.statusCode).toBe(400)
    expect(short.json<{ message: string }>().message).toMatch(/at least 12 characters/)

    const missing = await change(session, { newPassword: NEW })
    expect(missing.statusCode).toBe(400)

    const forged = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/account/password`,
      headers: { cookie: session.cookie },
      payload: { currentPassword: OLD, newPassword: NEW },
    })
    expect(forged.statusCode).toBe(403)
    const signedOut = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/account/password`,
      payload: { currentPassword: OLD, newPassword: NEW },
    })
    expect(signedOut.statusCode).toBe(401)

    // The old password still signs in.
    await signIn(app, EMAIL, OLD)
  })

  it('sets the new password, ends the account’s other sessions, keeps this one and the other accounts’, and is audited', async () => {
    const elsewhere = await signIn(app, EMAIL, OLD)
    const here = await signIn(app, EMAIL, OLD)
    const bystander = await signIn(app, OTHER, OLD)
    const changed = await change(here, { currentPassword: OLD, newPassword: NEW })
    expect(changed.statusCode).toBe(204)

    expect(await sessionStatus(here)).toBe(200)
    expect(await sessionStatus(elsewhere)).toBe(401)
    expect(await sessionStatus(bystander)).toBe(200)
    await expect(signIn(app, EMAIL, OLD)).rejects.toThrow(/401/)
    await signIn(app, EMAIL, NEW)

    const [audit] = await temp.db.query<{ detail: { sessionsEnded: number } }>(
      "SELECT detail FROM admin_audit WHERE actor_email = $1 AND action = 'account.change-password'",
      [EMAIL],
    )
    // The two sessions of the first test, and `elsewhere`.
    expect(audit?.detail.sessionsEnded).toBe(3)
    const stored = await temp.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM admin_accounts WHERE email = $1',
      [EMAIL],
    )
    expect(stored[0]?.password_hash).toMatch(/^\$argon2id\$/)
  })

  it('counts wrong current passwords against the sign-in throttle: the eleventh guess is refused, even a right one', async () => {
    const session = await signIn(app, OTHER, OLD, { remoteAddress: '127.0.0.2' })
    // The first test's guess was on another account; this one starts from zero.
    for (let guess = 0; guess < 10; guess += 1) {
      expect(
        (await change(session, { currentPassword: `guess ${guess}`, newPassword: NEW }, '127.0.0.2')).statusCode,
      ).toBe(400)
    }
    const refused = await change(session, { currentPassword: OLD, newPassword: NEW }, '127.0.0.2')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    // Nothing changed: the old password is still the one.
    const [row] = await temp.db.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM admin_audit WHERE actor_email = $1 AND action = 'account.change-password'",
      [OTHER],
    )
    expect(Number(row?.n)).toBe(0)
  })
})
