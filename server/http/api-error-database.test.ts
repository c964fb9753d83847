import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { answerApiError } from './api-error.ts'

const temp = useTempDatabase()
let app: FastifyInstance
beforeAll(async () => {
  // A route that hands its query's value to the database unchecked, as a schema that missed one would.
  app = Fastify()
  app.setErrorHandler(answerApiError)
  app.get<{ Querystring: { sql: string; value: string } }>('/query', async (request) =>
    temp.db.query(request.query.sql, [request.query.value]),
  )
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

const query = (sql: string, value: string) => app.inject({ url: '/query', query: { sql, value } })

describe(`the inbox's error answer on ${DATABASE_TARGET}`, () => {
  it.each([
    ['a day that does not exist', 'SELECT $1::date AS day', '2026-02-30'],
    ['a year PostgreSQL has not', 'SELECT $1::date AS day', '0000-01-01'],
    ['a NUL in text', 'SELECT $1::text AS text', 'a\u0000b'],
    ['a number out of range', 'SELECT $1::smallint AS n', '99999'],
    ['text that is no number', 'SELECT $1::int AS n', 'ten'],
  ])('is 400 for a value the database refuses as data: %s', async (_name, sql, value) => {
    const response = await query(sql, value)
    expect(response.statusCode, response.body).toBe(400)
    const body = response.json<{ statusCode: number; message: string }>()
    expect(body.statusCode).toBe(400)
    expect(body.message).toMatch(/not one the database can take/)
    // The database's own words stay in the log.
    expect(body.message).not.toContain(value)
  })

  it('is 409 for a change whose lead was removed at the same moment, saying nothing internal', async () => {
    const response = await query(
      "INSERT INTO lead_notes (application_id, body, author) VALUES ($1::bigint, 'A note', 'someone@example.com')",
      '9007199254740',
    )
    expect(response.statusCode, response.body).toBe(409)
    expect(response.json<{ message: string }>().message).toMatch(/met another made at the same moment/)
    expect(response.body).not.toMatch(/lead_notes|foreign key/)
  })

  it('is still 500, saying nothing internal, for an error that is the server’s own', async () => {
    const response = await query('SELECT $1::text FROM no_such_table', 'x')
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toMatch(/no_such_table/)
  })
})
