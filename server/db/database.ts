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
}

export interface Queryable {
  /** One statement with $1…$n placeholders; resolves to its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>
  /** A script of several statements without parameters, e.g. a migration file. */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
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
