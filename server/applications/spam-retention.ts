import type { FastifyPluginAsync } from 'fastify'
import type { Queryable } from '../db/database.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'

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
 * Spam kept an hour longer harms nobody: a failed sweep waits for the next.
 */
export const spamRetention: FastifyPluginAsync<{ db: Queryable; days: number }> = async (app, { db, days }) => {
  registerPeriodicSweep(app, {
    intervalMs: SPAM_SWEEP_INTERVAL_MS,
    failure: 'could not delete expired spam',
    async run() {
      const deleted = await deleteExpiredSpam(db, days)
      if (deleted > 0) app.log.info({ deleted, retentionDays: days }, 'deleted expired spam')
    },
  })
}
