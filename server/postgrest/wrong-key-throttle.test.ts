// Guessing the service-role key: after WRONG_KEY_LIMIT wrong keys from one
// address, that address gets 429 for every key attempt, the right key included,
// until the window ends; other addresses read as before.
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { WRONG_KEY_LIMIT, WRONG_KEY_WINDOW_MS } from './service-role.ts'

const SERVICE_ROLE_KEY = 'service-role-key-for-throttle-tests'
const ATTACKER = '203.0.113.66'
const OPERATOR = '198.51.100.20'

const temp = useTempDatabase()
// Two instances of one deployment; on PostgreSQL they share the count through it.
let first: FastifyInstance
let second: FastifyInstance
beforeAll(async () => {
  const config = parseConfig({ ...temp.env, SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' })
  first = buildApp({ config, db: temp.db })
  second = buildApp({ config, db: temp.db })
  await Promise.all([first.ready(), second.ready()])
})
afterAll(async () => {
  await Promise.all([first.close(), second.close()])
})
beforeEach(async () => {
  await temp.db.query('DELETE FROM rate_limit_hits')
})

const read = (app: FastifyInstance, from: string, key: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({
    url: `${CONTACT_SUBMISSIONS_PATH}?select=id`,
    remoteAddress: from,
    headers: { apikey: key, authorization: `Bearer ${key}` },
    ...extra,
  })

const wrongKey = (i: number) => `not-the-key-${i}-${'x'.repeat(20)}`

async function useUpWrongGuesses(app: FastifyInstance, from = ATTACKER) {
  for (let i = 0; i < WRONG_KEY_LIMIT; i += 1) expect((await read(app, from, wrongKey(i))).statusCode).toBe(401)
}

function expectThrottled(response: Awaited<ReturnType<typeof read>>) {
  expect(response.statusCode).toBe(429)
  const retryAfter = Number(response.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(WRONG_KEY_WINDOW_MS / 1000)
  expect(response.json()).toEqual({
    code: '53400',
    message: 'Too many requests',
    details: `At most ${WRONG_KEY_LIMIT} wrong keys in 15 minutes from one address.`,
    hint: `Try again in ${retryAfter} seconds.`,
  })
}

describe(`wrong service-role keys on ${DATABASE_TARGET}`, () => {
  it('are throttled per address: then even the right key is refused there, while another address reads', async () => {
    await useUpWrongGuesses(first)
    expectThrottled(await read(first, ATTACKER, wrongKey(99)))
    // The right key from that address tells the guesser nothing: the same 429.
    expectThrottled(await read(first, ATTACKER, SERVICE_ROLE_KEY))
    const head = await read(first, ATTACKER, SERVICE_ROLE_KEY, { method: 'HEAD' })
    expect(head.statusCode).toBe(429)
    expect(Number(head.headers['retry-after'])).toBeGreaterThan(0)
    expectThrottled(
      await first.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH,
        remoteAddress: ATTACKER,
        headers: { 'content-type': 'application/json', apikey: SERVICE_ROLE_KEY, prefer: 'return=representation' },
        payload: JSON.stringify([validAnswers()]),
      }),
    )

    const operator = await read(first, OPERATOR, SERVICE_ROLE_KEY)
    expect(operator.statusCode).toBe(200)
    expect(operator.json()).toEqual(expect.any(Array))
  })

  it('stay throttled until the window ends, then the right key reads again', async () => {
    await useUpWrongGuesses(first)
    expectThrottled(await read(first, ATTACKER, SERVICE_ROLE_KEY))
    // The stored window ends, as it would WRONG_KEY_WINDOW_MS after the first wrong key.
    await temp.db.query("UPDATE rate_limit_hits SET expires_at = now() - interval '1 second'")
    expect((await read(first, ATTACKER, SERVICE_ROLE_KEY)).statusCode).toBe(200)
  })

  it('are counted exactly in a burst: WRONG_KEY_LIMIT refusals judged, the rest throttled', async () => {
    const burst = await Promise.all(
      Array.from({ length: WRONG_KEY_LIMIT * 3 }, (_, i) => read(i % 2 ? first : second, ATTACKER, wrongKey(i))),
    )
    const codes = burst.map((response) => response.statusCode)
    expect(codes.filter((code) => code === 401)).toHaveLength(WRONG_KEY_LIMIT)
    expect(codes.filter((code) => code === 429)).toHaveLength(WRONG_KEY_LIMIT * 2)
  })

  it('include inserts that ask for what only the service role may have', async () => {
    for (let i = 0; i < WRONG_KEY_LIMIT; i += 1) {
      const refused = await first.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH,
        remoteAddress: ATTACKER,
        headers: { 'content-type': 'application/json', apikey: wrongKey(i), prefer: 'return=representation' },
        payload: JSON.stringify([validAnswers()]),
      })
      expect(refused.statusCode).toBe(401)
    }
    expectThrottled(await read(first, ATTACKER, SERVICE_ROLE_KEY))
  })

  it('leave the page’s own applications alone: the anon key they carry is no guess', async () => {
    for (let i = 0; i < WRONG_KEY_LIMIT * 2; i += 1) {
      const posted = await first.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH,
        remoteAddress: OPERATOR,
        headers: {
          'content-type': 'application/json',
          apikey: 'public-anon-key',
          authorization: 'Bearer public-anon-key',
        },
        payload: JSON.stringify([validAnswers()]),
      })
      expect(posted.statusCode).toBe(201)
    }
    expect((await read(first, OPERATOR, SERVICE_ROLE_KEY)).statusCode).toBe(200)
  })

  it('are refused with 503 when the count cannot be kept, right key or wrong: the throttle fails closed', async () => {
    await temp.db.exec('ALTER TABLE rate_limit_hits RENAME TO rate_limit_hits_away')
    try {
      for (const key of [wrongKey(1), SERVICE_ROLE_KEY]) {
        const response = await read(first, OPERATOR, key)
        expect(response.statusCode).toBe(503)
        expect(response.headers['retry-after']).toBe('5')
      }
    } finally {
      await temp.db.exec('ALTER TABLE rate_limit_hits_away RENAME TO rate_limit_hits')
    }
  })
})

describe.runIf(DATABASE_TARGET === 'postgres')('wrong service-role keys across instances', () => {
  it('are counted together: guesses spread over instances throttle the address on all of them', async () => {
    for (let i = 0; i < WRONG_KEY_LIMIT; i += 1)
      expect((await read(i % 2 ? first : second, ATTACKER, wrongKey(i))).statusCode).toBe(401)
    expectThrottled(await read(first, ATTACKER, SERVICE_ROLE_KEY))
    expectThrottled(await read(second, ATTACKER, SERVICE_ROLE_KEY))
  })
})
