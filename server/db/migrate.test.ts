import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, FIELD_MAX_LENGTH, applicationForm } from '../../common/application-form.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { answerColumns } from '../testing/answer-columns.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { isPostgresError } from './database.ts'
import { MIGRATIONS_DIR, migrate } from './migrate.ts'
import { MAINTENANCE_POOL, openPostgres } from './postgres.ts'

const PROJECT_MIGRATIONS = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()

const temp = useTempDatabase({ migrated: false })

const insertRow = (row: Record<string, unknown>) =>
  temp.db.query(
    `INSERT INTO contact_submissions (${CONTACT_FIELDS.join(', ')})
     VALUES (${CONTACT_FIELDS.map((_, index) => `$${index + 1}`).join(', ')})`,
    CONTACT_FIELDS.map((field) => row[field]),
  )

const sqlState = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return isPostgresError(error) ? error.code : `not a PostgreSQL error: ${String(error)}`
  }
  return 'succeeded'
}

describe('migrate', () => {
  it('applies every migration once, and nothing on a second run', async () => {
    expect(PROJECT_MIGRATIONS).toContain('001-contact-submissions.sql')
    expect(await migrate(temp.db)).toEqual(PROJECT_MIGRATIONS)
    expect(await migrate(temp.db)).toEqual([])
    const recorded = await temp.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    expect(recorded.map((row) => row.name)).toEqual(PROJECT_MIGRATIONS)
  })

  it('applies files in name order and rolls a failing file back completely', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    try {
      await writeFile(
        join(dir, '002-second.sql'),
        'CREATE TABLE order_check (id int); INSERT INTO order_first VALUES (2);',
      )
      await writeFile(join(dir, '001-first.sql'), 'CREATE TABLE order_first (id int);')
      await writeFile(join(dir, '003-broken.sql'), 'CREATE TABLE half_done (id int); SELECT * FROM missing_table;')
      await writeFile(join(dir, 'notes.txt'), 'not a migration')

      await expect(migrate(temp.db, dir)).rejects.toThrow(/missing_table/)
      const names = await temp.db.query<{ name: string }>(
        'SELECT name FROM schema_migrations WHERE NOT (name = ANY($1)) ORDER BY name',
        [PROJECT_MIGRATIONS],
      )
      expect(names.map((row) => row.name)).toEqual(['001-first.sql', '002-second.sql'])
      const [halfDone] = await temp.db.query<{ exists: boolean }>(
        "SELECT to_regclass('half_done') IS NOT NULL AS exists",
      )
      expect(halfDone?.exists).toBe(false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the contact_submissions table', () => {
  beforeAll(async () => {
    await migrate(temp.db)
  })

  it('has one answer column per question of the form, each bounded as the form bounds it', async () => {
    // A new question is an entry in common/application-form.ts and a migration adding its column: this fails until both are there.
    expect(await answerColumns(temp.db)).toEqual(
      Object.fromEntries(applicationForm.map((field) => [field.key, field.maxLength])),
    )
  })

  it.each(CONTACT_FIELDS)('limits %s to FIELD_MAX_LENGTH characters, like the shared schema', async (field) => {
    const max = FIELD_MAX_LENGTH[field]
    expect(await sqlState(insertRow(validAnswers({ [field]: 'é'.repeat(max) })))).toBe('succeeded')
    expect(await sqlState(insertRow(validAnswers({ [field]: 'é'.repeat(max + 1) })))).toBe('23514')
  })

  it.each(CONTACT_FIELDS)('refuses a missing or blank %s', async (field) => {
    expect(await sqlState(insertRow(validAnswers({ [field]: null })))).toBe('23502')
    expect(await sqlState(insertRow(validAnswers({ [field]: '   ' })))).toBe('23514')
  })

  it('numbers rows and stamps them with the time', async () => {
    await insertRow(validAnswers())
    const [row] = await temp.db.query<{ id: number; created_at: Date }>(
      'SELECT id, created_at FROM contact_submissions ORDER BY id DESC LIMIT 1',
    )
    expect(row?.id).toBeGreaterThan(0)
    expect(Math.abs(Date.now() - (row?.created_at.getTime() ?? 0))).toBeLessThan(60_000)
  })
})

describe.runIf(DATABASE_TARGET === 'postgres')('several instances starting at once', () => {
  const fresh = useTempDatabase({ migrated: false })

  it('all succeed, and each file is applied exactly once', async () => {
    // Each migrator has its own pool and so its own connection, like separate servers.
    const migrators = Array.from({ length: 6 }, () => openPostgres(fresh.settings.databaseUrl!, MAINTENANCE_POOL))
    try {
      const results = await Promise.all(migrators.map((db) => migrate(db)))
      expect(results.flat().sort()).toEqual(PROJECT_MIGRATIONS)
      const recorded = await fresh.db.query<{ name: string; times: number }>(
        'SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name ORDER BY name',
      )
      expect(recorded).toEqual(PROJECT_MIGRATIONS.map((name) => ({ name, times: 1 })))
      await fresh.db.query(
        `INSERT INTO contact_submissions (${CONTACT_FIELDS.join(', ')})
         VALUES (${CONTACT_FIELDS.map((_, index) => `$${index + 1}`).join(', ')})`,
        CONTACT_FIELDS.map((field) => validAnswers()[field]),
      )
      expect(await fresh.db.query('SELECT count(*)::int AS n FROM contact_submissions')).toEqual([{ n: 1 }])
    } finally {
      await Promise.all(migrators.map((db) => db.close()))
    }
  })
})
