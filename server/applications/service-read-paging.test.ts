import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { MAX_READ_ROWS } from './contact-submissions.ts'

const SERVICE_ROLE_KEY = 'service-role-key-for-tests-0123456789'
const ROWS = 2500

const temp = useTempDatabase()
let app: FastifyInstance
let ids: number[]
beforeAll(async () => {
  await temp.db.query(
    `INSERT INTO contact_submissions (${CONTACT_FIELDS.join(', ')})
     SELECT ${CONTACT_FIELDS.map((field) => `'${field} ' || n`).join(', ')} FROM generate_series(1, ${ROWS}) n`,
  )
  ids = (await temp.db.query<{ id: number }>('SELECT id::int AS id FROM contact_submissions ORDER BY id')).map(
    (row) => row.id,
  )
  app = buildApp({ config: parseConfig({ SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' }), db: temp.db })
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

const read = async (query: string, prefer?: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `${CONTACT_SUBMISSIONS_PATH}${query}`,
    headers: { apikey: SERVICE_ROLE_KEY, ...(prefer === undefined ? {} : { prefer }) },
  })
  expect(response.statusCode).toBe(200)
  return { ids: response.json<{ id: number }[]>().map((row) => row.id), range: response.headers['content-range'] }
}

describe(`service-role reads of a large table on ${DATABASE_TARGET}`, () => {
  it('holds the table the test needs', () => {
    expect(MAX_READ_ROWS).toBe(1000)
    expect(ids).toHaveLength(ROWS)
  })

  it('returns at most 1,000 rows to a read without a limit, and says which', async () => {
    expect(await read('?select=id&order=id.asc')).toEqual({ ids: ids.slice(0, 1000), range: '0-999/*' })
    expect(await read('?select=id&order=id.asc', 'count=exact')).toEqual({
      ids: ids.slice(0, 1000),
      range: `0-999/${ROWS}`,
    })
  })

  it('cuts a larger limit to 1,000 rows, as PostgREST’s max-rows does, and keeps smaller ones', async () => {
    expect(await read('?select=id&order=id.asc&limit=5000')).toEqual({ ids: ids.slice(0, 1000), range: '0-999/*' })
    expect(await read('?select=id&order=id.asc&limit=999999999999999&offset=10')).toEqual({
      ids: ids.slice(10, 1010),
      range: '10-1009/*',
    })
    expect(await read('?select=id&order=id.asc&limit=3&offset=2497')).toEqual({
      ids: ids.slice(2497),
      range: '2497-2499/*',
    })
  })

  it('reaches every row exactly once by paging with offset', async () => {
    const seen: number[] = []
    const ranges: (string | undefined)[] = []
    for (let offset = 0; ; offset += MAX_READ_ROWS) {
      const page = await read(`?select=id&order=id.asc&offset=${offset}&limit=5000`, 'count=exact')
      ranges.push(page.range)
      if (page.ids.length === 0) break
      seen.push(...page.ids)
    }
    expect(seen).toEqual(ids)
    expect(ranges).toEqual([`0-999/${ROWS}`, `1000-1999/${ROWS}`, `2000-2499/${ROWS}`, `*/${ROWS}`])
  })
})
