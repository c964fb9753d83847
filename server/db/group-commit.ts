import type { PGlite } from '@electric-sql/pglite'
import type { QueryOptions, Row } from './database.ts'
import { literalInsert, multiRowInsert, runsOf, type Pending } from './multi-row-insert.ts'

/** Statements committed together at most; bounds the work a failed batch repeats. */
const MAX_BATCH = 128

/**
 * Group commit for the embedded database, which runs one statement at a time
 * and, being durable, syncs the WAL at every commit. Statements that arrive
 * while one runs wait, then commit together in one transaction: one WAL sync
 * for the lot, and none of them is answered before that sync. A statement
 * alone runs on its own, as before.
 *
 * One-row inserts of the same text that follow each other in a batch run as
 * one multi-row INSERT: each statement costs PGlite a round of its protocol and
 * executor, about two thirds of a stored application's cost (ADR 024). A
 * one-row insert alone goes as one simple-query message with its values as
 * literals: a statement with parameters crosses into PGlite's WASM six times
 * (parse, describe, bind, describe, execute, sync), this once (ADR 025).
 *
 * Each statement still succeeds or fails alone: when one fails (a repeated
 * submission_id, a check), the batch rolls back and its statements run again
 * one by one, so only that one sees the error. Statements in one batch share
 * their transaction's now().
 */
export function groupCommit(pg: PGlite) {
  const waiting: Pending[] = []
  let draining = false

  async function drain() {
    try {
      while (waiting.length > 0) await commit(waiting.splice(0, MAX_BATCH))
    } finally {
      draining = false
    }
  }

  async function commit(batch: Pending[]) {
    if (batch.length > 1) {
      let results: Row[][] | undefined
      try {
        results = await pg.transaction(async (tx) => {
          const rows: Row[][] = []
          for (const run of runsOf(batch)) {
            if (run.length === 1) {
              const [{ sql, params }] = run as [Pending]
              rows.push((await tx.query<Row>(sql, params)).rows)
            } else {
              await tx.query(...multiRowInsert(run))
              rows.push(...run.map(() => []))
            }
          }
          return rows
        })
      } catch {
        // Rolled back: nothing of the batch is stored; each runs alone below.
      }
      if (results !== undefined) {
        batch.forEach((item, i) => item.resolve(results[i] ?? []))
        return
      }
    }
    for (const item of batch) {
      try {
        const literal = item.oneRowInsert ? literalInsert(item) : undefined
        if (literal === undefined) item.resolve((await pg.query<Row>(item.sql, item.params)).rows)
        else {
          await pg.exec(literal)
          item.resolve([])
        }
      } catch (error) {
        item.reject(error)
      }
    }
  }

  return function query<T extends Row = Row>(
    sql: string,
    params: readonly unknown[],
    options: QueryOptions = {},
  ): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      waiting.push({
        sql,
        params: [...params],
        oneRowInsert: options.oneRowInsert === true,
        resolve: resolve as (rows: Row[]) => void,
        reject,
      })
      if (draining) return
      draining = true
      // Not now but after the event loop's poll phase: the other requests that
      // arrived with this one are parsed first, and their statements join the batch.
      setImmediate(() => void drain())
    })
  }
}
