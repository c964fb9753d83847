import type { FastifyInstance } from 'fastify'
import type { Queryable } from '../db/database.ts'
import { registerPeriodicSweep } from './periodic-sweep.ts'

// LEAD_RETENTION_DAYS counts whole days: a daily sweep keeps a lead at most a
// day past its term, at one indexed DELETE a day (migrations/009), and an
// ANALYZE a day keeps PGlite's plans as good as autovacuum keeps PostgreSQL's.
export const LEAD_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * Deletes leads (never spam, which keeps SPAM_RETENTION_DAYS) received more
 * than `days` ago, and with them their notes, status history and notification
 * records (ON DELETE CASCADE); resolves to how many went. Safe from several
 * instances at once, as the spam sweep is.
 */
export async function deleteExpiredLeads(db: Queryable, days: number): Promise<number> {
  const [result] = await db.query<{ deleted: number }>(
    `WITH deleted AS (
       DELETE FROM contact_submissions
       WHERE NOT spam AND created_at < now() - make_interval(days => $1::int)
       RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM deleted`,
    [days],
  )
  return result?.deleted ?? 0
}

/**
 * Refreshes the planner's statistics of the tables the inbox's list reads.
 * PostgreSQL's autovacuum does this on its own; PGlite runs no autovacuum, and
 * without statistics its planner reads thousands of rows for a search of a
 * common name where it could walk 50 in order (BENCHMARKS.md, bench:admin).
 */
export async function refreshInboxStatistics(db: Queryable): Promise<void> {
  await db.query('ANALYZE contact_submissions, lead_pipeline')
}

/**
 * When the server starts and every day while it runs: with LEAD_RETENTION_DAYS
 * set, deletes expired leads; either way, refreshes the inbox's statistics.
 * A lead kept a day longer, or a plan a day staler, is the lesser harm: a
 * failed sweep waits for the next.
 */
export function registerLeadRetention(app: FastifyInstance, db: Queryable, days: number | undefined) {
  registerPeriodicSweep(app, {
    intervalMs: LEAD_SWEEP_INTERVAL_MS,
    failure: 'could not delete expired leads or refresh the inbox statistics',
    async run() {
      if (days !== undefined) {
        const deleted = await deleteExpiredLeads(db, days)
        if (deleted > 0) app.log.info({ deleted, retentionDays: days }, 'deleted leads past LEAD_RETENTION_DAYS')
      }
      await refreshInboxStatistics(db)
    },
  })
}
