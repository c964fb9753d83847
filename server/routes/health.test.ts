import { describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DatabaseUnavailableError, type Database } from '../db/database.ts'
import { failingDatabase } from '../testing/temp-database.ts'

const answering: Database = {
  ...failingDatabase(() => new Error('unused')),
  query: async <T>() => [{ '?column?': 1 }] as T[],
}

describe('GET /healthz', () => {
  it('answers 200 {status: ok} when the database answers', async () => {
    const app = buildApp({ config: parseConfig({}), db: answering })
    const response = await app.inject('/healthz')
    await app.close()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers 503 when the database does not', async () => {
    const app = buildApp({ config: parseConfig({}), db: failingDatabase(() => new DatabaseUnavailableError('closed')) })
    const response = await app.inject('/healthz')
    await app.close()
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable' })
  })
})
