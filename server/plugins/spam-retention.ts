import type { FastifyInstance } from 'fastify'
import type { Queryable } from '../db/database.ts'

// Spam only has to be gone within about a day of its term; once an hour is
// plenty and costs one indexed DELETE (migrations/003).
export const SPAM_SWEEP_INTERVAL_MS = 60 * 60 * 1000

/**
 * Deletes honeypot hits older than `days`; resolves to how many went. Several
 * server instances may run it at once: a row one of them deletes is skipped by
 * the others, so the worst case is a wasted statement.
 */
export async function deleteExpiredSpam(db: Queryable, days: number): Promise<number> {
  const [result] = await db.query<{ deleted: number }>(
    `WITH deleted AS (
       DELETE FROM contact_submissions
       WHERE spam AND created_at < now() - make_interval(days => $1::int)
       RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM deleted`,
    [days],
  )
  return result?.deleted ?? 0
}

/**
 * Deletes expired spam when the server starts and every hour while it runs.
 * The sweep never holds the process open or delays its start, and closing the
 * app waits for a sweep in progress, so the database can close after it.
 */
export function registerSpamRetention(app: FastifyInstance, db: Queryable, days: number) {
  let timer: NodeJS.Timeout | undefined
  let sweeping: Promise<void> = Promise.resolve()
  const sweep = () => {
    // Chained, so a slow sweep is never overlapped by the next one.
    sweeping = sweeping.then(async () => {
      try {
        const deleted = await deleteExpiredSpam(db, days)
        if (deleted > 0) app.log.info({ deleted, retentionDays: days }, 'deleted expired spam')
      } catch (error) {
        // Spam kept an hour longer harms nobody; the next sweep tries again.
        app.log.warn({ err: error }, 'could not delete expired spam')
      }
    })
  }
  app.addHook('onReady', async () => {
    sweep()
    timer = setInterval(sweep, SPAM_SWEEP_INTERVAL_MS).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await sweeping
  })
}
