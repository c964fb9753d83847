import type { Database } from '../db/database.ts'
import { finishAttempts, type Finished } from './finish-attempts.ts'

/** Attempts recorded together at most; bounds a statement's size and what a failed one loses. */
const MAX_BATCH = 256

/**
 * Records finished attempts in batches, as group commit does for statements:
 * one batch at a time, and every attempt that finishes meanwhile goes in the
 * next. A burst of answers is then a few statements rather than one
 * transaction each. Resolves to the delivery's state, or undefined when its
 * claim had expired; rejects when the batch could not be recorded.
 */
export function attemptRecorder(db: Database, maxAttempts: number) {
  const waiting: {
    finished: Finished
    resolve: (state: string | undefined) => void
    reject: (error: unknown) => void
  }[] = []
  let flushing = false

  async function flush() {
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, MAX_BATCH)
        try {
          const states = await finishAttempts(
            db,
            batch.map((entry) => entry.finished),
            maxAttempts,
          )
          batch.forEach((entry, i) => entry.resolve(states[i]))
        } catch (error) {
          for (const entry of batch) entry.reject(error)
        }
      }
    } finally {
      flushing = false
    }
  }

  return function record(finished: Finished): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      waiting.push({ finished, resolve, reject })
      if (flushing) return
      flushing = true
      // After the event loop's poll phase: answers that arrived together are read first and join.
      setImmediate(() => void flush())
    })
  }
}
