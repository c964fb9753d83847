import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

const LIMIT = 3
const SERVICE_ROLE_KEY = 'service-role-key-for-rate-limit-tests'

const temp = useTempDatabase()
const apps: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
})

/**
 * A server instance configured for the test's database (DATABASE_URL on
 * PostgreSQL, where counts are shared through it). Counts start empty unless
 * `keepCounts`: another instance of the same deployment shares them.
 */
async function appWith(env: Record<string, string>, { keepCounts = false } = {}) {
  if (!keepCounts) await temp.db.query('DELETE FROM rate_limit_hits')
  const app = buildApp({
    config: parseConfig({ ...temp.env, SUBMIT_RATE_LIMIT: String(LIMIT), SERVICE_ROLE_KEY, ...env }),
    db: temp.db,
  })
  apps.push(app)
  await app.ready()
  return app
}

const rowCount = async () => {
  const [row] = await temp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_submissions')
  return row?.n ?? 0
}

/** Posts one application; `from` is the TCP peer, `forwardedFor` what it claims in X-Forwarded-For. */
const submit = (
  app: FastifyInstance,
  { from = '198.51.100.7', forwardedFor }: { from?: string; forwardedFor?: string } = {},
) => {
  const options: InjectOptions = {
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH,
    remoteAddress: from,
    headers: {
      'content-type': 'application/json',
      origin: 'https://brand.example',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify([validAnswers()]),
  }
  return app.inject(options)
}

const statuses = async (count: number, send: (index: number) => ReturnType<typeof submit>) => {
  const result: number[] = []
  for (let index = 0; index < count; index += 1) result.push((await send(index)).statusCode)
  return result
}

describe('the submission rate limit', () => {
  it('lets SUBMIT_RATE_LIMIT applications a minute through per address, then answers 429 in PostgREST’s shape', async () => {
    const app = await appWith({})
    const before = await rowCount()
    expect(await statuses(LIMIT, () => submit(app))).toEqual([201, 201, 201])
    const refused = await submit(app)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      code: '53400',
      message: 'Too many requests',
      details: `At most ${LIMIT} per minute from one address.`,
      hint: expect.stringMatching(/^Try again in \d+ seconds\.$/),
    })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // A browser on another origin must be able to read it, and it is a response like any other.
    expect(refused.headers['access-control-allow-origin']).toBe('*')
    expect(refused.headers['x-content-type-options']).toBe('nosniff')
    expect(refused.headers['content-security-policy']).toContain("default-src 'self'")
    expect(await rowCount()).toBe(before + LIMIT)
  })

  it('counts each address on its own', async () => {
    const app = await appWith({})
    await statuses(LIMIT + 1, () => submit(app, { from: '198.51.100.1' }))
    expect((await submit(app, { from: '198.51.100.2' })).statusCode).toBe(201)
  })

  it('counts an IPv6 /64 as one address, since one subscriber gets a whole /64', async () => {
    const app = await appWith({})
    expect(await statuses(LIMIT + 1, (i) => submit(app, { from: `2001:db8:1:2::${i + 1}` }))).toEqual([
      201, 201, 201, 429,
    ])
    expect((await submit(app, { from: '2001:db8:1:3::1' })).statusCode).toBe(201)
  })

  it('limits only inserts: reading, the site and preflights are not counted', async () => {
    const app = await appWith({})
    for (let i = 0; i < LIMIT * 2; i += 1) {
      expect(
        (
          await app.inject({
            url: CONTACT_SUBMISSIONS_PATH,
            headers: { apikey: SERVICE_ROLE_KEY },
            remoteAddress: '198.51.100.7',
          })
        ).statusCode,
      ).toBe(200)
      expect((await app.inject({ url: '/nope', remoteAddress: '198.51.100.7' })).statusCode).toBe(404)
      expect(
        (
          await app.inject({
            method: 'OPTIONS',
            url: CONTACT_SUBMISSIONS_PATH,
            remoteAddress: '198.51.100.7',
            headers: { origin: 'https://brand.example', 'access-control-request-method': 'POST' },
          })
        ).statusCode,
      ).toBe(204)
    }
    expect(await statuses(LIMIT, () => submit(app))).toEqual([201, 201, 201])
  })

  it('is off when SUBMIT_RATE_LIMIT is 0', async () => {
    const app = await appWith({ SUBMIT_RATE_LIMIT: '0' })
    expect(new Set(await statuses(LIMIT * 4, () => submit(app)))).toEqual(new Set([201]))
  })
})

describe('client addresses behind proxies', () => {
  it('ignores X-Forwarded-For by default, so a client cannot dodge the limit by making one up', async () => {
    const app = await appWith({})
    const spoofed = await statuses(LIMIT + 2, (i) => submit(app, { forwardedFor: `203.0.113.${i + 1}` }))
    expect(spoofed).toEqual([201, 201, 201, 429, 429])
  })

  it('with TRUST_PROXY=false explicitly, the same', async () => {
    const app = await appWith({ TRUST_PROXY: 'false' })
    const spoofed = await statuses(LIMIT + 1, (i) => submit(app, { forwardedFor: `203.0.113.${i + 1}` }))
    expect(spoofed).toEqual([201, 201, 201, 429])
  })

  it('with a list of proxies, believes X-Forwarded-For only from them', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' })
    // Through the proxy: each client its own count.
    await statuses(LIMIT, () => submit(app, { from: '10.1.2.3', forwardedFor: '203.0.113.1' }))
    expect((await submit(app, { from: '10.1.2.3', forwardedFor: '203.0.113.9' })).statusCode).toBe(201)
    // Straight from the internet with a made-up header: counted by its own address.
    const direct = await statuses(LIMIT + 1, (i) =>
      submit(app, { from: '198.51.100.50', forwardedFor: `203.0.113.${100 + i}` }),
    )
    expect(direct).toEqual([201, 201, 201, 429])
  })

  it('with a hop count, believes that many proxies and no more', async () => {
    const app = await appWith({ TRUST_PROXY: '1' })
    // The client prepends a made-up address; the proxy appends the real one, which is what counts.
    const spoofed = await statuses(LIMIT + 1, (i) =>
      submit(app, { from: '10.0.0.1', forwardedFor: `192.0.2.${i + 1}, 203.0.113.1` }),
    )
    expect(spoofed).toEqual([201, 201, 201, 429])
    expect((await submit(app, { from: '10.0.0.1', forwardedFor: '192.0.2.1, 203.0.113.2' })).statusCode).toBe(201)
  })
})

describe.runIf(DATABASE_TARGET === 'postgres')('several instances on one PostgreSQL', () => {
  it('allow SUBMIT_RATE_LIMIT a minute from one address between them, not that many each', async () => {
    const first = await appWith({})
    const second = await appWith({}, { keepCounts: true })
    const before = await rowCount()
    // The address's requests land on either instance, as a load balancer spreads them.
    const answers = await statuses(LIMIT * 2, (i) => submit(i % 2 === 0 ? first : second))
    expect(answers).toEqual([201, 201, 201, 429, 429, 429])
    expect(await rowCount()).toBe(before + LIMIT)
    const refused = await submit(second)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    // Other addresses are counted on their own, on both instances.
    expect((await submit(first, { from: '198.51.100.8' })).statusCode).toBe(201)
    expect((await submit(second, { from: '198.51.100.9' })).statusCode).toBe(201)
  })

  it('hold when the instances take a burst at the same moment', async () => {
    const instances = [
      await appWith({}),
      await appWith({}, { keepCounts: true }),
      await appWith({}, { keepCounts: true }),
    ]
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => submit(instances[i % instances.length]!)))
    const codes = burst.map((response) => response.statusCode)
    expect(codes.filter((code) => code === 201)).toHaveLength(LIMIT)
    expect(codes.filter((code) => code === 429)).toHaveLength(12 - LIMIT)
  })

  it('let a submission through when the count cannot be kept, so a lead is never lost to the limiter', async () => {
    const app = await appWith({})
    const before = await rowCount()
    await temp.db.exec('ALTER TABLE rate_limit_hits RENAME TO rate_limit_hits_away')
    try {
      expect(await statuses(LIMIT + 2, () => submit(app))).toEqual(Array(LIMIT + 2).fill(201))
    } finally {
      await temp.db.exec('ALTER TABLE rate_limit_hits_away RENAME TO rate_limit_hits')
    }
    expect(await rowCount()).toBe(before + LIMIT + 2)
  })
})

describe.runIf(DATABASE_TARGET === 'pglite')('on the embedded database', () => {
  it('counts in the process, writing nothing to the database for the limit', async () => {
    const app = await appWith({})
    expect(await statuses(LIMIT + 1, () => submit(app))).toEqual([201, 201, 201, 429])
    expect(await temp.db.query('SELECT key FROM rate_limit_hits')).toEqual([])
  })
})
