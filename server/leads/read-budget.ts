import type { Database, Queryable } from '../db/database.ts'
import { isPostgresError } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'

/** PostgreSQL's query_canceled: what statement_timeout raises. */
const QUERY_CANCELED = '57014'

// The pool reports a cancelled statement as the database being unavailable, with PostgreSQL's error as its cause.
const cancelled = (error: unknown): boolean =>
  (isPostgresError(error) && error.code === QUERY_CANCELED) ||
  (error instanceof Error && error.cause !== error && error.cause !== undefined && cancelled(error.cause))

/** The 422's words for a read stopped at its budget. */
export const tooSlowMessage = (budgetMs: number) =>
  `This view took more than ${budgetMs / 1000} s to read and was stopped: narrow it with a longer search, a status, a source or dates, then try again.`

/**
 * `db` with each statement given at most `budgetMs` to run (SET LOCAL
 * statement_timeout in a transaction of its own), and one stopped at its
 * budget answered 422 with words the inbox shows, rather than the 503 of a
 * database that is down. PostgreSQL enforces it; the embedded database (PGlite
 * 0.5, single-threaded WASM) runs the statement to its end whatever the
 * setting, so there the reads are bounded by what they may ask instead
 * (docs/decisions/031-inbox-reads-that-never-hold-the-server.md).
 */
export function withReadBudget(db: Database, budgetMs: number): Queryable {
  const ms = Math.trunc(budgetMs)
  const budgeted = async <T>(read: (tx: Queryable) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(async (tx) => {
        await tx.exec(`SET LOCAL statement_timeout = ${ms}`)
        return read(tx)
      })
    } catch (error) {
      if (cancelled(error)) throw new ApiError(422, tooSlowMessage(ms))
      throw error
    }
  }
  return {
    query: (sql, params, options) => budgeted((tx) => tx.query(sql, params, options)),
    exec: (sql) => budgeted((tx) => tx.exec(sql)),
  }
}
