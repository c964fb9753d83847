import pg from 'pg'
import {
  DatabaseUnavailableError,
  isPostgresError,
  type Database,
  type QueryOptions,
  type Queryable,
  type Row,
} from './database.ts'
import { insertBatcher } from './insert-batcher.ts'
import { isUnavailable, toUnavailable } from './postgres-unavailable.ts'
import { statementNames } from './statement-names.ts'

export interface PostgresOptions {
  /** Most connections the pool opens; each instance behind a load balancer has its own. */
  max?: number
  /** How long a query waits for a connection before the database counts as unreachable. */
  connectionTimeoutMillis?: number
  /** PostgreSQL cancels a statement running longer (0: never). */
  statementTimeoutMillis?: number
  /** The client gives up on an answer after this long, even from a server that went silent (0: never). */
  queryTimeoutMillis?: number
  /** Told about connections that failed while idle in the pool; the pool replaces them. */
  onIdleError?: (error: Error) => void
  /** Told once if prepared statements fail (a transaction-mode pooler); queries go on unprepared. */
  onPreparedStatementsOff?: (error: Error) => void
}

type Callbacks = 'onIdleError' | 'onPreparedStatementsOff'

/** For answering requests: bounded, so a slow or vanished database cannot hold requests for long. */
const SERVING_POOL: Required<Omit<PostgresOptions, Callbacks>> = {
  max: 20,
  connectionTimeoutMillis: 5_000,
  statementTimeoutMillis: 10_000,
  queryTimeoutMillis: 15_000,
}

/**
 * For migrations and exports: one connection and no statement limit, since a
 * migration may rewrite a big table and must not be cut off halfway.
 */
export const MAINTENANCE_POOL: Required<Omit<PostgresOptions, Callbacks>> = {
  max: 1,
  connectionTimeoutMillis: 10_000,
  statementTimeoutMillis: 0,
  queryTimeoutMillis: 0,
}

// Statement texts kept prepared per connection; more would mean a caller builds
// texts from data, and those run unprepared.
const MAX_PREPARED_TEXTS = 50

// PGlite turns bigint into a number when it fits and a BigInt when not; doing the
// same here keeps rows alike on both databases (node-postgres gives strings).
const INT8_OID = 20
function parseInt8(text: string): number | bigint {
  const value = BigInt(text)
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value
}
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/**
 * A PostgreSQL server behind a connection pool. Nothing is connected until the
 * first query, and every query borrows a live connection, so after the server
 * restarts queries work again without reopening anything. Failures to reach the
 * server surface as DatabaseUnavailableError.
 */
export function openPostgres(connectionString: string, options: PostgresOptions = {}): Database {
  const settings = { ...SERVING_POOL, ...options }
  const pool = new pg.Pool({
    connectionString,
    max: settings.max,
    connectionTimeoutMillis: settings.connectionTimeoutMillis,
    idleTimeoutMillis: 30_000,
    // Startup parameters: the server enforces them on every connection.
    ...(settings.statementTimeoutMillis > 0 && { statement_timeout: settings.statementTimeoutMillis }),
    ...(settings.queryTimeoutMillis > 0 && { query_timeout: settings.queryTimeoutMillis }),
    application_name: 'landing-page',
    // Notices a peer that vanished (a dead load balancer, a failover) in seconds, not hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types,
  })
  // An idle connection that the server drops (restart, failover, idle kill)
  // emits 'error' on the pool; unhandled, that would end the process.
  pool.on('error', (error) => {
    options.onIdleError?.(error)
  })

  let closed = false
  const ensureOpen = () => {
    if (closed) throw new DatabaseUnavailableError('The PostgreSQL pool is closed')
  }

  const borrow = async () => {
    ensureOpen()
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      throw toUnavailable(error)
    }
    // A connection that dies while borrowed but between queries emits 'error' on
    // the client, which has no listener then; the next query reports the failure.
    let broken: unknown
    const onError = (error: Error) => {
      broken = error
    }
    client.on('error', onError)
    return {
      client,
      release(error?: unknown) {
        client.off('error', onError)
        // Only a broken connection is thrown away; a refused statement leaves it usable.
        client.release(broken !== undefined || isUnavailable(error))
      },
    }
  }

  const run = async <T extends Row>(client: pg.ClientBase, sql: string, params?: readonly unknown[]) => {
    try {
      return params === undefined ? await client.query<T>(sql) : await client.query<T>(sql, [...params])
    } catch (error) {
      throw toUnavailable(error)
    }
  }

  const statementName = statementNames(MAX_PREPARED_TEXTS)
  let preparing = true

  const runPrepared = async <T extends Row>(client: pg.ClientBase, sql: string, params: readonly unknown[]) => {
    const name = preparing ? statementName(sql) : undefined
    if (name === undefined) return run<T>(client, sql, params)
    try {
      return await client.query<T>({ name, text: sql, values: [...params] })
    } catch (error) {
      // Behind a transaction-mode pooler (PgBouncer, Supavisor) each statement may
      // reach another backend, which lacks the statement (26000) or has it
      // already (42P05). Nothing ran, so run it unprepared, and stop preparing.
      if (isPostgresError(error) && (error.code === '26000' || error.code === '42P05')) {
        if (preparing) {
          preparing = false
          options.onPreparedStatementsOff?.(error)
        }
        return run<T>(client, sql, params)
      }
      throw toUnavailable(error)
    }
  }

  // In a transaction a failed statement aborts it, so there is no trying again unprepared.
  const on = (client: pg.ClientBase, inTransaction: boolean): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = [], queryOptions: QueryOptions = {}) {
      const result =
        queryOptions.prepare && !inTransaction
          ? await runPrepared<T>(client, sql, params)
          : await run<T>(client, sql, params)
      return result.rows
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs a whole script.
      await run(client, sql)
    },
  })

  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const lease = await borrow()
    try {
      const result = await fn(lease.client)
      lease.release()
      return result
    } catch (error) {
      lease.release(error)
      throw error
    }
  }

  const insertTogether = insertBatcher({
    runAlone: (sql, params) => withClient((client) => on(client, false).query(sql, params, { prepare: true })),
    runTogether: (sql, params) => withClient((client) => run(client, sql, params)),
    isUnavailable,
  })

  return {
    query: (sql, params = [], queryOptions = {}) =>
      queryOptions.oneRowInsert
        ? insertTogether(sql, params)
        : withClient((client) => on(client, false).query(sql, params, queryOptions)),
    exec: (sql) => withClient((client) => on(client, false).exec(sql)),
    transaction: (fn) =>
      withClient(async (client) => {
        await run(client, 'BEGIN')
        try {
          const result = await fn(on(client, true))
          await run(client, 'COMMIT')
          return result
        } catch (error) {
          // A lost connection rolls back by itself; anything else is rolled back here.
          if (!isUnavailable(error)) await run(client, 'ROLLBACK').catch(() => undefined)
          throw error
        }
      }),
    async close() {
      if (closed) return
      closed = true
      // Waits for borrowed connections to come back, so in-flight queries finish.
      await pool.end()
    },
  }
}
