import type { FastifyPluginAsync } from 'fastify'
import type { Queryable } from '../db/database.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'

// LEAD_RETENTION_DAYS counts whole days: a daily sweep keeps a lead at most a
// day past its term, at one indexed DELETE a day (migrations/009).
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
 * When the server starts and every day while it runs, with LEAD_RETENTION_DAYS
 * set: deletes expired leads. A lead kept a day longer is the lesser harm: a
 * failed sweep waits for the next.
 */
export const leadRetention: FastifyPluginAsync<{ db: Queryable; days: number | undefined }> = async (
  app,
  { db, days },
) => {
  if (days === undefined) return
  registerPeriodicSweep(app, {
    intervalMs: LEAD_SWEEP_INTERVAL_MS,
    failure: 'could not delete expired leads',
    async run() {
      const deleted = await deleteExpiredLeads(db, days)
      if (deleted > 0) app.log.info({ deleted, retentionDays: days }, 'deleted leads past LEAD_RETENTION_DAYS')
    },
  })
}
