import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { DataDirInUseError } from './data-dir-lock.ts'
import { DatabaseUnavailableError, isPostgresError } from './database.ts'
import { openPglite } from './pglite.ts'

const temp = useTempDatabase()

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
      Array.from({ length: 40 }, (_, n) =>
        temp.db.query<{ n: number }>('INSERT INTO together_check VALUES ($1) RETURNING n', [n]),
      ),
    )
    outcomes.forEach((outcome, n) => {
      if (n === 7)
        expect(outcome.status === 'rejected' && isPostgresError(outcome.reason) && outcome.reason.code).toBe('23505')
      else expect(outcome).toEqual({ status: 'fulfilled', value: [{ n }] })
    })
    expect(await temp.db.query('SELECT count(*)::int AS n FROM together_check')).toEqual([{ n: 40 }])
  })

  it('stores one-row inserts that arrive together as one multi-row INSERT, failing only the one that breaks a rule', async () => {
    await temp.db.exec(`
      CREATE TABLE rows_check (id serial PRIMARY KEY, n int UNIQUE, label text NOT NULL);
      CREATE TABLE rows_check_statements (at timestamptz);
      CREATE FUNCTION rows_check_count() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO rows_check_statements VALUES (now()); RETURN NULL; END $$;
      CREATE TRIGGER rows_check_count AFTER INSERT ON rows_check FOR EACH STATEMENT EXECUTE FUNCTION rows_check_count();`)
    const insert = (n: number) =>
      temp.db.query('INSERT INTO rows_check (n, label) VALUES ($1, $2)', [n, `row ${n}`], {
        prepare: true,
        oneRowInsert: true,
      })
    const statements = async () =>
      (await temp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rows_check_statements'))[0]?.n
    const together = (first: number) =>
      Promise.allSettled([
        ...Array.from({ length: 10 }, (_, n) => insert(first + n)),
        // Another statement between them, and inserts of the same text after it.
        temp.db.query('SELECT 1'),
        ...Array.from({ length: 10 }, (_, n) => insert(first + n + 10)),
      ])

    const stored = await together(0)
    expect(stored.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(21)
    // The embedded database commits in arrival order, so the SELECT splits its batch in two.
    expect(await statements()).toBe(DATABASE_TARGET === 'pglite' ? 2 : 1)

    await temp.db.query('INSERT INTO rows_check (n, label) VALUES (27, $1)', ['already here'])
    const outcomes = await together(20)
    outcomes.forEach((outcome, i) => {
      if (i === 7)
        expect(outcome.status === 'rejected' && isPostgresError(outcome.reason) && outcome.reason.code).toBe('23505')
      else if (i !== 10) expect(outcome).toEqual({ status: 'fulfilled', value: [] })
    })
    const rows = await temp.db.query<{ n: number; label: string }>('SELECT n, label FROM rows_check ORDER BY n')
    expect(rows).toEqual(Array.from({ length: 40 }, (_, n) => ({ n, label: n === 27 ? 'already here' : `row ${n}` })))
  })

  it('stores a lone one-row insert’s text exactly as given, whatever characters it holds', async () => {
    await temp.db.exec('CREATE TABLE text_check (n int PRIMARY KEY, label text, note text)')
    const texts = [
      "O'Brien",
      "it''s",
      'back\\slash \\',
      "E'\\x27'",
      "'); DROP TABLE text_check; --",
      'emoji 😀 and 漢字',
      '\u0001\u001f controls',
      '$1 $2',
    ]
    for (const [n, label] of texts.entries()) {
      await temp.db.query('INSERT INTO text_check (n, label, note) VALUES ($1, $2, $3)', [String(n), label, null], {
        oneRowInsert: true,
      })
    }
    // The values in another order than the columns.
    await temp.db.query('INSERT INTO text_check (label, n) VALUES ($2, $1)', ['99', 'swapped'], { oneRowInsert: true })
    const rows = await temp.db.query<{ n: number; label: string; note: string | null }>(
      'SELECT n, label, note FROM text_check ORDER BY n',
    )
    expect(rows).toEqual([
      ...texts.map((label, n) => ({ n, label, note: null })),
      { n: 99, label: 'swapped', note: null },
    ])
    // PostgreSQL's text cannot hold NUL: refused, as a statement with parameters is.
    await expect(
      temp.db.query('INSERT INTO text_check (n, label) VALUES ($1, $2)', ['100', 'a\0b'], { oneRowInsert: true }),
    ).rejects.toSatisfy((error) => isPostgresError(error) && error.code === '22021')
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
    const insertsWhileClosed = [1, 2, 3].map((n) =>
      temp.db.query('INSERT INTO together_check VALUES ($1)', [n], { oneRowInsert: true }),
    )
    for (const insert of insertsWhileClosed) await expect(insert).rejects.toBeInstanceOf(DatabaseUnavailableError)
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
