import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { closeAdminApp, openAdminApp, createAdminAccount } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { argon2Verifications } from './passwords.ts'
import { SIGN_IN_LIMITS } from './sign-in-throttle.ts'

const PASSWORD = 'correct horse battery'

// Sign-ins from elsewhere arrive as in a deployment: through a proxy on this
// machine that ends TLS and names the client (plain HTTP from elsewhere is refused).
const BEHIND_PROXY = { WEB_ROOT: '/nonexistent', TRUST_PROXY: '127.0.0.1' }

let temp: TempDatabase
let app: FastifyInstance
beforeAll(async () => {
  ;({ temp, app } = await openAdminApp(
    ['target@example.com', 'bystander@example.com', 'timing@example.com', 'reset@example.com'],
    PASSWORD,
    BEHIND_PROXY,
  ))
})
afterAll(() => closeAdminApp({ temp, app }))

let nextAddress = 1
/** A new client address each call, so only the per-account count can add up. */
const freshAddress = () => `198.51.100.${nextAddress++}`

const signInFrom = (instance: FastifyInstance, email: string, password: string, client: string) =>
  instance.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}/session`,
    payload: { email, password },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https' },
  })
const attempt = (email: string, password: string, client = freshAddress()) => signInFrom(app, email, password, client)

describe(`the sign-in throttle on ${DATABASE_TARGET}`, () => {
  it(`refuses an account's sign-ins with 429 after ${SIGN_IN_LIMITS.perAccount} wrong passwords from anywhere, the right one included`, async () => {
    for (let count = 0; count < SIGN_IN_LIMITS.perAccount; count++) {
      expect((await attempt('Target@example.com', `wrong guess ${count}`)).statusCode).toBe(401)
    }
    const right = await attempt('target@example.com', PASSWORD)
    expect(right.statusCode).toBe(429)
    expect(right.cookies).toEqual([])
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(SIGN_IN_LIMITS.windowMs / 1000 - 60)
    expect(right.json<{ message: string }>().message).toMatch(/too many failed sign-ins/i)
    // Other accounts are not held back.
    expect((await attempt('bystander@example.com', PASSWORD)).statusCode).toBe(200)
  })

  it(`refuses an address with 429 after ${SIGN_IN_LIMITS.perAddress} wrong passwords for any emails, the right one included`, async () => {
    const address = '203.0.113.7'
    for (let count = 0; count < SIGN_IN_LIMITS.perAddress; count++) {
      expect((await attempt(`guess${count}@example.com`, 'wrong password', address)).statusCode).toBe(401)
    }
    expect((await attempt('bystander@example.com', PASSWORD, address)).statusCode).toBe(429)
    // Other addresses are not held back.
    expect((await attempt('bystander@example.com', PASSWORD, '2001:db8::1')).statusCode).toBe(200)
  })

  it('counts an IPv6 /64 as one address', async () => {
    for (let count = 0; count < SIGN_IN_LIMITS.perAddress; count++) {
      expect(
        (await attempt(`v6guess${count}@example.com`, 'wrong password', `2001:db8:0:1::${count + 1}`)).statusCode,
      ).toBe(401)
    }
    expect((await attempt('bystander@example.com', PASSWORD, '2001:db8:0:1::ffff')).statusCode).toBe(429)
  })

  it('shares the count between server instances on one database', async () => {
    await createAdminAccount(temp.db, 'shared@example.com', PASSWORD)
    const other = buildApp({ config: parseConfig(BEHIND_PROXY), db: temp.db })
    try {
      for (let count = 0; count < SIGN_IN_LIMITS.perAccount; count++) {
        const instance = count % 2 === 0 ? app : other
        const response = await signInFrom(instance, 'shared@example.com', 'wrong', freshAddress())
        expect(response.statusCode).toBe(401)
      }
      const right = await signInFrom(other, 'shared@example.com', PASSWORD, freshAddress())
      expect(right.statusCode).toBe(429)
    } finally {
      await other.close()
    }
  })

  it('counts guesses sent in one burst as they arrive, not once they have all been checked', async () => {
    await createAdminAccount(temp.db, 'burst@example.com', PASSWORD)
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, index) => attempt('burst@example.com', `burst guess ${index}`)),
    )
    const statuses = burst.map((response) => response.statusCode).sort()
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perAccount)
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - SIGN_IN_LIMITS.perAccount)
    expect((await attempt('burst@example.com', PASSWORD)).statusCode).toBe(429)
  })

  it('does not count right sign-ins against the address', async () => {
    const address = '192.0.2.55'
    await createAdminAccount(temp.db, 'frequent@example.com', PASSWORD)
    for (let count = 0; count < SIGN_IN_LIMITS.perAddress + 5; count++) {
      expect((await attempt('frequent@example.com', PASSWORD, address)).statusCode).toBe(200)
    }
  })

  it('throttles an unknown email as it would a known one', async () => {
    for (let count = 0; count < SIGN_IN_LIMITS.perAccount; count++) {
      expect((await attempt('nobody@example.com', 'wrong password')).statusCode).toBe(401)
    }
    expect((await attempt('nobody@example.com', 'wrong password')).statusCode).toBe(429)
  })

  it('lets a right password end the account’s count, so earlier typos do not lock it out later', async () => {
    for (let count = 0; count < SIGN_IN_LIMITS.perAccount - 1; count++)
      await attempt('reset@example.com', 'typo typo typo')
    expect((await attempt('reset@example.com', PASSWORD)).statusCode).toBe(200)
    for (let count = 0; count < SIGN_IN_LIMITS.perAccount - 1; count++)
      await attempt('reset@example.com', 'typo typo typo')
    expect((await attempt('reset@example.com', PASSWORD)).statusCode).toBe(200)
  })

  it('checks the password with argon2 for an unknown email as for a known one, and answers the same', async () => {
    const work = async (email: string) => {
      const before = argon2Verifications()
      const response = await attempt(email, 'not the password')
      return { verifications: argon2Verifications() - before, status: response.statusCode, body: response.body }
    }
    const known = await work('timing@example.com')
    const unknown = await work('no-such-account@example.com')
    expect(known).toEqual({ verifications: 1, status: 401, body: unknown.body })
    expect(unknown.verifications).toBe(1)
  })
})
