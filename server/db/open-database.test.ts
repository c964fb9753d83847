import { describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { DatabaseUnavailableError } from './database.ts'
import { describeDatabase, openDatabase } from './open-database.ts'

describe('describeDatabase', () => {
  it('names the embedded database by its directory', () => {
    expect(describeDatabase({ databaseUrl: undefined, dataDir: '/srv/data' })).toBe(
      'the embedded database in /srv/data',
    )
  })

  it('names a PostgreSQL server without its password, in the URL or its query string', () => {
    const text = describeDatabase({
      databaseUrl: 'postgres://landing:hunter2@db.internal:6543/leads?sslmode=require&password=hunter3',
      dataDir: '/unused',
    })
    expect(text).toBe('PostgreSQL landing@db.internal:6543/leads')
  })
})

describe('openDatabase', () => {
  it('uses PostgreSQL when DATABASE_URL is set, connecting only when asked to', async () => {
    // Port 1 never answers: only a PostgreSQL pool would report that, and only on use.
    const db = await openDatabase({
      databaseUrl: 'postgres://landing:secret@127.0.0.1:1/landing',
      dataDir: '/nonexistent/never-created',
    })
    try {
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError)
    } finally {
      await db.close()
    }
  })
})

describe.runIf(DATABASE_TARGET === 'postgres')('openDatabase on PostgreSQL', () => {
  const temp = useTempDatabase()

  it.each([
    ['serving', '10s'],
    ['maintenance', '0'],
  ] as const)('limits statements of a %s pool to %s', async (purpose, statementTimeout) => {
    const db = await openDatabase(temp.settings, { purpose })
    try {
      expect(await db.query('SHOW statement_timeout')).toEqual([{ statement_timeout: statementTimeout }])
    } finally {
      await db.close()
    }
  })
})
