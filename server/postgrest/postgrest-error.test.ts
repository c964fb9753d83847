import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError } from '../db/database.ts'
import { isUnavailable } from '../db/postgres-unavailable.ts'
import { fromDatabaseError } from './postgrest-error.ts'

const sqlError = (code: string) => Object.assign(new Error('x'), { code })

const UNAVAILABLE = [
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  '53000',
  '53100',
  '53200',
  '53300',
  '57014',
  '57P01',
  '57P02',
  '57P03',
]
const REFUSED = ['53400', '57000', '57P04', '22001', '23505', '40001', '42501', '42P01', '54000', 'P0001', 'XX000']

describe('a database failure', () => {
  // The pool (PostgreSQL) and the API's answer (both databases) read one list of codes:
  // were they to disagree, the same failure would be answered 503 on one database and 500 on the other.
  it.each(UNAVAILABLE)('%s is answered 503 with Retry-After on both databases', (code) => {
    expect(isUnavailable(sqlError(code))).toBe(true)
    const embedded = fromDatabaseError(sqlError(code))
    const pooled = fromDatabaseError(new DatabaseUnavailableError('x', { cause: sqlError(code) }))
    for (const answer of [embedded, pooled]) {
      expect(answer?.statusCode).toBe(503)
      expect(answer?.headers).toEqual({ 'retry-after': '5' })
    }
  })

  it.each(REFUSED)('%s is not taken for an outage', (code) => {
    expect(isUnavailable(sqlError(code))).toBe(false)
    expect(fromDatabaseError(sqlError(code))?.statusCode).not.toBe(503)
  })
})

describe('a constraint failure PostgreSQL reports without its table', () => {
  it('names the table of the route that met it', () => {
    const failure = Object.assign(new Error('x'), { code: '23514', constraint: 'positive' })
    expect(fromDatabaseError(failure, 'contact_submissions')?.message).toBe(
      'new row for relation "contact_submissions" violates check constraint "positive"',
    )
    expect(fromDatabaseError(failure)?.message).toBe('new row for relation "?" violates check constraint "positive"')
  })
})
