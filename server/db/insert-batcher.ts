import { multiRowInsert, type Pending } from './multi-row-insert.ts'

/** Rows sent in one statement at most; bounds the work a failed batch repeats. */
const MAX_ROWS = 128
/** PostgreSQL's limit on one statement's parameters. */
const MAX_PARAMS = 65_535

export interface InsertBatcherOptions {
  /** Runs one statement on its own. */
  runAlone: (sql: string, params: unknown[]) => Promise<unknown>
  /** Runs the multi-row statement of several. */
  runTogether: (sql: string, params: unknown[]) => Promise<unknown>
  /** Whether an error means the database could not be reached, so running each alone would fail the same way. */
  isUnavailable: (error: unknown) => boolean
}

/**
 * Batches one-row inserts for a database that takes many connections
 * (PostgreSQL): the inserts of one text that arrive in the same turn of the
 * event loop go as one multi-row INSERT, one statement and one commit instead
 * of one each, which is most of what a burst of applications costs the pool
 * and the WAL (ADR 025). Batches do not wait for each other; the pool bounds
 * how many run at once.
 *
 * Each insert still succeeds or fails alone: when the batch's statement is
 * refused (a repeated submission_id, a check), nothing of it is stored, and
 * its inserts run again one by one so only the one at fault sees the error.
 */
export function insertBatcher({ runAlone, runTogether, isUnavailable }: InsertBatcherOptions) {
  let waiting: Pending[] = []

  async function send(run: Pending[]) {
    if (run.length > 1) {
      try {
        await runTogether(...multiRowInsert(run))
        for (const item of run) item.resolve([])
        return
      } catch (error) {
        if (isUnavailable(error)) {
          for (const item of run) item.reject(error)
          return
        }
        // Refused, so nothing of it was stored: each runs alone below.
      }
    }
    await Promise.all(run.map((item) => runAlone(item.sql, item.params).then(() => item.resolve([]), item.reject)))
  }

  function flush() {
    const bySql = new Map<string, Pending[]>()
    for (const item of waiting) {
      const group = bySql.get(item.sql)
      if (group) group.push(item)
      else bySql.set(item.sql, [item])
    }
    waiting = []
    for (const group of bySql.values()) {
      const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, group[0]?.params.length ?? 1))))
      for (let start = 0; start < group.length; start += size) void send(group.slice(start, start + size))
    }
  }

  // No RETURNING, so no rows.
  return function insert(sql: string, params: readonly unknown[]): Promise<never[]> {
    return new Promise<never[]>((resolve, reject) => {
      waiting.push({ sql, params: [...params], oneRowInsert: true, resolve: () => resolve([]), reject })
      // After the event loop's poll phase: the requests that arrived with this
      // one are parsed first, and their inserts join it.
      if (waiting.length === 1) setImmediate(flush)
    })
  }
}
