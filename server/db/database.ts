/**
 * What the server needs from a database. PGlite implements it today; a
 * PostgreSQL pool (DATABASE_URL) can implement it without touching routes.
 */
export type Row = Record<string, unknown>

export interface QueryOptions {
  /**
   * The statement runs on every request with the same text: PostgreSQL may keep
   * it parsed and planned per connection. Only for a fixed, small set of texts.
   */
  prepare?: boolean
  /**
   * The statement is a one-row `INSERT … VALUES ($1, …)` with no RETURNING:
   * several with the same text that arrive together may run as one multi-row
   * INSERT (the embedded database's group commit, PostgreSQL's insert batcher),
   * each still succeeding or failing alone.
   */
  oneRowInsert?: boolean
}

export interface Queryable {
  /** One statement with $1…$n placeholders; resolves to its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>
  /** A script of several statements without parameters, e.g. a migration file. */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  /**
   * True when no other process can have this database open (the embedded one:
   * its data directory is locked), so what an earlier process left half done,
   * such as a claim on a delivery, is this one's to take back at once.
   */
  readonly exclusive?: boolean
  /** Commits when `fn` resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/**
 * Thrown by an implementation when the database cannot be reached (closed,
 * connection refused), so callers can answer 503 instead of 500.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
}

/**
 * Whether a SQLSTATE means the database cannot serve the statement now but may
 * soon, so the request is answered 503 with Retry-After and the page sends it
 * again (the submission_id keeps that from storing it twice):
 * - the connection failed or broke (class 08), or the server is shutting down,
 *   crashed or is starting (57P01–57P03);
 * - the statement ran past statement_timeout (57014): the database is too busy
 *   or a lock is held, and nothing was stored;
 * - the server ran short of resources (class 53: connections, memory, disk),
 *   which come back as other work ends or the operator frees them.
 * Not 53400 (configuration_limit_exceeded): a configured limit refuses the same
 * statement every time, and a retry would only repeat it.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export function isUnavailableSqlState(code: string): boolean {
  if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '57014') return true
  return code.startsWith('53') && code !== '53400'
}

/** The fields PGlite and node-postgres both copy from a PostgreSQL error. */
export interface PostgresError extends Error {
  code: string
  table?: string
  column?: string
  constraint?: string
}

// SQLSTATE classes are 00–5x plus F0, HV, P0 and XX. Matching them exactly keeps
// Node's five-letter system codes (EPIPE, EBADF) from passing as SQL errors.
const SQLSTATE = /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/

export function isPostgresError(error: unknown): error is PostgresError {
  if (!(error instanceof Error)) return false
  const code: unknown = (error as { code?: unknown }).code
  return typeof code === 'string' && SQLSTATE.test(code)
}
