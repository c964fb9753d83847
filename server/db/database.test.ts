import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'
import { DatabaseUnavailableError, isPostgresError } from './database.ts'
import { DataDirInUseError } from './data-dir-lock.ts'
import { openPglite } from './pglite.ts'

let temp: TempDatabase
beforeAll(async () => {
  temp = await openTempDatabase()
})
afterAll(async () => {
  await temp.dispose()
})

describe(`the Database on ${DATABASE_TARGET}`, () => {
  it('runs statements with parameters and returns rows', async () => {
    expect(await temp.db.query('SELECT $1::int + 1 AS answer', [41])).toEqual([{ answer: 42 }])
  })

  it('returns bigint as a number when it fits and as a BigInt when not, on both databases', async () => {
    expect(await temp.db.query("SELECT 42::int8 AS small, '9007199254740993'::int8 AS big")).toEqual([
      { small: 42, big: 9007199254740993n },
    ])
  })

  it('runs a script of several statements', async () => {
    await temp.db.exec('CREATE TABLE script_check (n int); INSERT INTO script_check VALUES (1), (2);')
    expect(await temp.db.query('SELECT count(*)::int AS n FROM script_check')).toEqual([{ n: 2 }])
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await temp.db.exec('CREATE TABLE tx_check (n int)')
    await temp.db.transaction((tx) => tx.query('INSERT INTO tx_check VALUES (1)'))
    await expect(
      temp.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_check VALUES (2)')
        throw new Error('abandon')
      }),
    ).rejects.toThrow('abandon')
    expect(await temp.db.query('SELECT n FROM tx_check')).toEqual([{ n: 1 }])
  })

  it('passes refused statements on as PostgreSQL errors, and stays usable after them', async () => {
    const failure = await temp.db.query('SELECT 1/0').catch((error: unknown) => error)
    expect(isPostgresError(failure) && failure.code).toBe('22012')
    const inTransaction = await temp.db
      .transaction((tx) => tx.query('SELECT * FROM no_such_table'))
      .catch((error: unknown) => error)
    expect(isPostgresError(inTransaction) && inTransaction.code).toBe('42P01')
    expect(await temp.db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }])
  })

  it('answers statements that arrive together each with its own result, and fails only the one that breaks a rule', async () => {
    await temp.db.exec('CREATE TABLE together_check (n int PRIMARY KEY)')
    await temp.db.query('INSERT INTO together_check VALUES (7)')
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, n) => temp.db.query<{ n: number }>('INSERT INTO together_check VALUES ($1) RETURNING n', [n])),
    )
    outcomes.forEach((outcome, n) => {
      if (n === 7) expect(outcome.status === 'rejected' && isPostgresError(outcome.reason) && outcome.reason.code).toBe('23505')
      else expect(outcome).toEqual({ status: 'fulfilled', value: [{ n }] })
    })
    expect(await temp.db.query('SELECT count(*)::int AS n FROM together_check')).toEqual([{ n: 40 }])
  })

  it('keeps rows when closed and opened again, and is unavailable while closed', async () => {
    const submissionId = randomUUID()
    const answers: Record<string, string> = validAnswers({}, { tag: 'survives a restart' })
    await temp.db.query(
      `INSERT INTO contact_submissions (submission_id, ${CONTACT_FIELDS.join(', ')})
       VALUES ($1, ${CONTACT_FIELDS.map((_, index) => `$${index + 2}`).join(', ')})`,
      [submissionId, ...CONTACT_FIELDS.map((field) => answers[field])],
    )
    await temp.db.close()
    await expect(temp.db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError)
    await expect(temp.db.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(DatabaseUnavailableError)

    const db = await temp.reopen()
    const rows = await db.query('SELECT * FROM contact_submissions WHERE submission_id = $1', [submissionId])
    expect(rows).toEqual([expect.objectContaining(answers)])
  })
})

describe.runIf(DATABASE_TARGET === 'pglite')('the embedded database’s data directory', () => {
  it('runs with PostgreSQL’s durability on: fsync, synchronous commit, and a WAL sync method that reaches the disk', async () => {
    const settings = await temp.db.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method') ORDER BY name",
    )
    expect(settings).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
      { name: 'wal_sync_method', setting: 'fsync' },
    ])
  })

  it('cannot be opened a second time while open, so two writers never corrupt it', async () => {
    const dataDir = temp.settings.dataDir
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirInUseError)
    await expect(openPglite(dataDir)).rejects.toThrow(/stop the server first/)
    // The refused opener must not have released the lock it did not get.
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirInUseError)
    expect(await temp.db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }])
  })
})
