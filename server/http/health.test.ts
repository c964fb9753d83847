import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { openPostgres } from '../db/postgres.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startPostgresServer, type PostgresServer } from '../testing/postgres-server.ts'
import { failingDatabase } from '../testing/temp-database.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { healthRoutes } from './health.ts'

const readyz = async (db: Database, readinessTimeoutMs?: number) => {
  const app = Fastify()
  await app.register(healthRoutes, { db, readinessTimeoutMs })
  try {
    return await app.inject('/readyz')
  } finally {
    await app.close()
  }
}

describe('GET /readyz', () => {
  it('answers 503 when the database does not answer in time', async () => {
    const hanging: Database = {
      ...failingDatabase(() => new Error('unused')),
      query: () => new Promise(() => undefined),
    }
    const started = Date.now()
    const response = await readyz(hanging, 100)
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe(`readiness on ${DATABASE_TARGET}`, () => {
  const temp = useTempDatabase()

  it('answers 200 while the database answers, and 503 with Retry-After once it is closed', async () => {
    const app = buildApp({ config: parseConfig({}), db: temp.db })
    try {
      const ready = await app.inject('/readyz')
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toEqual({ status: 'ok', page: 'ok', applications: 'ok' })
      await temp.db.close()
      const response = await app.inject('/readyz')
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.json()).toEqual({ status: 'unavailable', page: 'ok', applications: 'unavailable' })
    } finally {
      await app.close()
      await temp.reopen()
    }
  })

  it('keeps serving the page with the database down: /healthz, the load balancer’s check, stays 200, /readyz names what is missing', async () => {
    const webRoot = await mkdtemp(join(tmpdir(), 'health-web-'))
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>landing</title>')
    const app = buildApp({ config: parseConfig({ WEB_ROOT: webRoot }), db: temp.db })
    try {
      await temp.db.close()
      const page = await app.inject('/')
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('<title>landing</title>')
      expect((await app.inject('/healthz')).statusCode).toBe(200)
      const readiness = await app.inject('/readyz')
      expect(readiness.statusCode).toBe(503)
      expect(readiness.json()).toEqual({ status: 'unavailable', page: 'ok', applications: 'unavailable' })
    } finally {
      await app.close()
      await temp.reopen()
      await rm(webRoot, { recursive: true, force: true })
    }
  })

  it('/healthz answers 200 while the process runs, even with the database closed: it never asks it', async () => {
    const app = buildApp({ config: parseConfig({}), db: temp.db })
    try {
      await temp.db.close()
      const response = await app.inject('/healthz')
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ status: 'ok' })
      expect(response.headers['cache-control']).toBe('no-store')
    } finally {
      await app.close()
      await temp.reopen()
    }
  })
})

describe.runIf(DATABASE_TARGET === 'postgres')('a PostgreSQL outage', () => {
  let server: PostgresServer
  let db: Database
  beforeAll(async () => {
    server = await startPostgresServer()
    db = openPostgres(server.url())
    await migrate(db)
  })
  afterAll(async () => {
    await db.close()
    await server.dispose()
  })

  it('takes the instance out of rotation while PostgreSQL is stopped, answers submissions 503, and recovers by itself', async () => {
    const app = buildApp({ config: parseConfig({ SUBMIT_RATE_LIMIT: '0' }), db })
    const submit = () => app.inject({ method: 'POST', url: CONTACT_SUBMISSIONS_PATH, payload: [validAnswers()] })
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(200)
      expect((await submit()).statusCode).toBe(201)

      await server.stop()
      const notReady = await app.inject('/readyz')
      expect(notReady.statusCode).toBe(503)
      expect(notReady.headers['retry-after']).toBe('5')
      expect((await app.inject('/healthz')).statusCode).toBe(200)
      const refused = await submit()
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBe('5')
      expect(refused.json()).toMatchObject({ code: 'PGRST001' })

      await server.start()
      expect((await app.inject('/readyz')).statusCode).toBe(200)
      expect((await submit()).statusCode).toBe(201)
      expect(await db.query('SELECT count(*)::int AS n FROM contact_submissions')).toEqual([{ n: 2 }])
    } finally {
      await app.close()
    }
  })
})
