import { once } from 'node:events'
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startPostgresServer, type PostgresServer } from '../testing/postgres-server.ts'
import { DatabaseUnavailableError, isPostgresError, type Database } from './database.ts'
import { isUnavailable } from './postgres-unavailable.ts'
import { MAINTENANCE_POOL, openPostgres } from './postgres.ts'

const codeError = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isUnavailable', () => {
  it.each([
    ['a refused connection', codeError('ECONNREFUSED')],
    ['a reset connection', codeError('ECONNRESET')],
    ['a network timeout', codeError('ETIMEDOUT')],
    ['an unknown host', codeError('ENOTFOUND')],
    ['SQLSTATE 08006 (connection failure)', codeError('08006')],
    ['SQLSTATE 08001 (cannot connect)', codeError('08001')],
    ['SQLSTATE 57P01 (admin shutdown)', codeError('57P01')],
    ['SQLSTATE 57P02 (crash shutdown)', codeError('57P02')],
    ['SQLSTATE 57P03 (starting up)', codeError('57P03')],
    ['SQLSTATE 53300 (too many connections)', codeError('53300')],
    ['SQLSTATE 53200 (out of memory)', codeError('53200')],
    ['SQLSTATE 53100 (disk full)', codeError('53100')],
    ['SQLSTATE 57014 (statement timeout)', codeError('57014')],
    ['the pool’s connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['the client’s query timeout', new Error('Query read timeout')],
    ['a pool that was ended', new Error('Cannot use a pool after calling end on the pool')],
    ['IPv4 and IPv6 both refused', new AggregateError([codeError('ECONNREFUSED'), codeError('ECONNREFUSED')])],
    ['a wrapped failure', new Error('outer', { cause: codeError('ECONNRESET') })],
  ])('counts %s', (_label, error) => {
    expect(isUnavailable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', codeError('23505')],
    ['a syntax error', codeError('42601')],
    ['a division by zero', codeError('22012')],
    ['a configured limit (the same statement would hit it again)', codeError('53400')],
    ['a bug', new TypeError('undefined is not a function')],
    ['a string', 'ECONNREFUSED'],
  ])('does not count %s', (_label, error) => {
    expect(isUnavailable(error)).toBe(false)
  })
})

describe.runIf(DATABASE_TARGET === 'postgres')('openPostgres', () => {
  describe('without a server to talk to', () => {
    let silent: Server
    const sockets: Socket[] = []
    beforeAll(async () => {
      // Accepts connections and never answers, like a host behind a dead route.
      silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1')
      await once(silent, 'listening')
    })
    afterAll(async () => {
      for (const socket of sockets) socket.destroy()
      silent.close()
    })
    const silentPort = () => (silent.address() as { port: number }).port

    it('answers DatabaseUnavailableError when nothing listens', async () => {
      const refused = createServer().listen(0, '127.0.0.1')
      await once(refused, 'listening')
      const port = (refused.address() as { port: number }).port
      refused.close()
      const db = openPostgres(`postgres://landing:secret@127.0.0.1:${port}/landing`)
      try {
        for (const attempt of [
          db.query('SELECT 1'),
          db.exec('SELECT 1'),
          db.transaction((tx) => tx.query('SELECT 1')),
        ]) {
          const error = await attempt.catch((caught: unknown) => caught)
          expect(error).toBeInstanceOf(DatabaseUnavailableError)
          expect(String(error)).not.toContain('secret')
        }
      } finally {
        await db.close()
      }
    })

    it('gives up on a server that does not answer after connectionTimeoutMillis', async () => {
      const db = openPostgres(`postgres://landing:secret@127.0.0.1:${silentPort()}/landing`, {
        connectionTimeoutMillis: 300,
      })
      try {
        const started = Date.now()
        await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError)
        expect(Date.now() - started).toBeLessThan(3_000)
      } finally {
        await db.close()
      }
    })

    it('is unavailable once closed', async () => {
      const db = openPostgres(`postgres://landing:secret@127.0.0.1:${silentPort()}/landing`)
      await db.close()
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError)
    })
  })

  describe('with a PostgreSQL server of its own, stopped and started by the tests', () => {
    let server: PostgresServer
    let admin: Database
    beforeAll(async () => {
      server = await startPostgresServer()
      admin = openPostgres(server.url(), MAINTENANCE_POOL)
      await admin.exec('CREATE TABLE kept (n int); CREATE TABLE prepared (n int)')
    })
    afterAll(async () => {
      await admin.close()
      await server.dispose()
    })

    const backendPids = (db: Database) =>
      db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid').then((rows) => rows[0]?.pid)
    // Ends every session but the caller's, as a restart or an idle-connection killer would.
    const terminateOthers = () =>
      admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = $1',
        ['client backend'],
      )
    const until = async (condition: () => boolean, what: string) => {
      for (const started = Date.now(); !condition();) {
        if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }

    it('keeps a connection after a refused statement, and replaces one that broke', async () => {
      const db = openPostgres(server.url(), { max: 1 })
      try {
        const first = await backendPids(db)
        const refused = await db.query('SELECT 1/0').catch((error: unknown) => error)
        expect(isPostgresError(refused) && refused.code).toBe('22012')
        expect(await backendPids(db)).toBe(first)
      } finally {
        await db.close()
      }
    })

    const preparedStatements = (db: Database) =>
      db.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')

    it('prepares a statement asked to be, once per connection, and runs it by name after that', async () => {
      const db = openPostgres(server.url(), { max: 1 })
      try {
        const insert = 'INSERT INTO prepared VALUES ($1)'
        await db.query(insert, [40], { prepare: true })
        await db.query(insert, [41], { prepare: true })
        await db.query('SELECT n FROM prepared WHERE n = $1', [40])
        const statements = await preparedStatements(db)
        expect(statements).toEqual([{ name: expect.stringMatching(/^landing_[0-9a-f]{24}$/), statement: insert }])
        expect(await db.query('SELECT n FROM prepared WHERE n IN (40, 41) ORDER BY n')).toEqual([{ n: 40 }, { n: 41 }])
      } finally {
        await db.close()
      }
    })

    it('runs statements unprepared from then on when a connection loses them, as behind a transaction-mode pooler', async () => {
      const turnedOff: Error[] = []
      const db = openPostgres(server.url(), { max: 1, onPreparedStatementsOff: (error) => turnedOff.push(error) })
      try {
        const insert = 'INSERT INTO prepared VALUES ($1)'
        await db.query(insert, [50], { prepare: true })
        // What a pooler does when it hands the next statement to another backend.
        await db.exec('DEALLOCATE ALL')
        await db.query(insert, [51], { prepare: true })
        await db.query(insert, [52], { prepare: true })
        expect(turnedOff).toHaveLength(1)
        expect(isPostgresError(turnedOff[0]) && turnedOff[0].code).toBe('26000')
        expect(await preparedStatements(db)).toEqual([])
        expect(await db.query('SELECT n FROM prepared WHERE n BETWEEN 50 AND 52 ORDER BY n')).toEqual([
          { n: 50 },
          { n: 51 },
          { n: 52 },
        ])
      } finally {
        await db.close()
      }
    })

    it('reports a prepared statement that PostgreSQL refuses like any other', async () => {
      const db = openPostgres(server.url(), { max: 1 })
      try {
        const refused = await db
          .query('SELECT 1 / $1::int AS n', [0], { prepare: true })
          .catch((error: unknown) => error)
        expect(isPostgresError(refused) && refused.code).toBe('22012')
        expect(await db.query('SELECT 1 / $1::int AS n', [1], { prepare: true })).toEqual([{ n: 1 }])
      } finally {
        await db.close()
      }
    })

    it('survives PostgreSQL dropping idle pooled connections, and reconnects for the next query', async () => {
      const idleErrors: Error[] = []
      const db = openPostgres(server.url(), { onIdleError: (error) => idleErrors.push(error) })
      try {
        const before = await backendPids(db)
        await terminateOthers()
        // Unhandled, this 'error' event would have ended the test process.
        await until(() => idleErrors.length > 0, 'the idle error')
        expect(isPostgresError(idleErrors[0]) && idleErrors[0].code).toBe('57P01')
        const after = await backendPids(db)
        expect(after).not.toBe(before)
      } finally {
        await db.close()
      }
    })

    it('fails a transaction whose connection is cut, without crashing, and works afterwards', async () => {
      const db = openPostgres(server.url())
      try {
        const failure = await db
          .transaction(async (tx) => {
            await tx.query('INSERT INTO kept VALUES (99)')
            await terminateOthers()
            // Give the termination time to arrive while no query is running.
            await new Promise((resolve) => setTimeout(resolve, 200))
            await tx.query('INSERT INTO kept VALUES (100)')
          })
          .catch((error: unknown) => error)
        expect(failure).toBeInstanceOf(DatabaseUnavailableError)
        expect(await db.query('SELECT count(*)::int AS n FROM kept WHERE n >= 99')).toEqual([{ n: 0 }])
      } finally {
        await db.close()
      }
    })

    it('cuts off a statement at statement_timeout and reports it as unavailable', async () => {
      const db = openPostgres(server.url(), { statementTimeoutMillis: 200, queryTimeoutMillis: 0 })
      try {
        const error = await db.query('SELECT pg_sleep(5)').catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DatabaseUnavailableError)
        expect((error as Error).cause).toMatchObject({ code: '57014' })
        expect(await db.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }])
      } finally {
        await db.close()
      }
    })

    it('stops waiting for a silent answer at queryTimeoutMillis and throws that connection away', async () => {
      const db = openPostgres(server.url(), { max: 1, statementTimeoutMillis: 0, queryTimeoutMillis: 300 })
      try {
        const first = await backendPids(db)
        const started = Date.now()
        await expect(db.query('SELECT pg_sleep(3)')).rejects.toBeInstanceOf(DatabaseUnavailableError)
        expect(Date.now() - started).toBeLessThan(2_000)
        expect(await backendPids(db)).not.toBe(first)
      } finally {
        await db.close()
      }
    })

    it('answers DatabaseUnavailableError while PostgreSQL is stopped and works again once it is back, without reopening', async () => {
      const idleErrors: Error[] = []
      const db = openPostgres(server.url(), { onIdleError: (error) => idleErrors.push(error) })
      try {
        await db.query('INSERT INTO kept VALUES (1)')
        await server.stop()
        await until(() => idleErrors.length > 0, 'the idle connection to be dropped')
        for (const attempt of [db.query('SELECT 1'), db.transaction((tx) => tx.query('INSERT INTO kept VALUES (2)'))]) {
          await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError)
        }
        await server.start()
        expect(await db.query('SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }])
        await db.query('INSERT INTO kept VALUES (3)')
        expect(await db.query('SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }, { n: 3 }])
      } finally {
        await db.close()
      }
    })
  })
})
