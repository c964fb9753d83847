import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'

// Salts must be gone 48 hours after they were made: an hourly sweep deletes
// each within the hour after that. Rolling up and deleting raw events cost
// nothing on the hours when no day has finished.
export const EVENT_SWEEP_INTERVAL_MS = 60 * 60 * 1000

export interface EventSweepResult {
  saltsDeleted: number
  rowsRolledUp: number
  eventsDeleted: number
}

/**
 * Deletes salts older than 48 hours, rolls up every finished day not yet
 * rolled up (migrations/010), then deletes raw events of days more than
 * `retentionDays` before today (UTC). One transaction, so a day's raw events
 * are never deleted before its figures are stored. Safe from several
 * instances at once: the rollup stores the same rows either way.
 */
export async function sweepPageEvents(db: Database, retentionDays: number): Promise<EventSweepResult> {
  return db.transaction(async (tx) => {
    const [salts] = await tx.query<{ deleted: number }>(
      `WITH deleted AS (DELETE FROM page_event_salts WHERE created_at < now() - interval '48 hours' RETURNING 1)
       SELECT count(*)::int AS deleted FROM deleted`,
    )
    const [rolled] = await tx.query<{ stored: number }>('SELECT page_event_roll_up()::int AS stored')
    const [events] = await tx.query<{ deleted: number }>(
      `WITH deleted AS (
         DELETE FROM page_events
         WHERE day < (now() AT TIME ZONE 'UTC')::date - $1::int
           AND day <= (SELECT max(day) FROM page_event_daily)
         RETURNING 1
       )
       SELECT count(*)::int AS deleted FROM deleted`,
      [retentionDays],
    )
    return { saltsDeleted: salts?.deleted ?? 0, rowsRolledUp: rolled?.stored ?? 0, eventsDeleted: events?.deleted ?? 0 }
  })
}

/**
 * Runs the sweep when the server starts and every hour while it runs, whether
 * analytics is on or off (what was stored still expires). A salt kept an hour
 * longer is the lesser harm: a failed sweep waits for the next.
 */
export const eventRetention: FastifyPluginAsync<{ db: Database; retentionDays: number }> = async (
  app,
  { db, retentionDays },
) => {
  registerPeriodicSweep(app, {
    intervalMs: EVENT_SWEEP_INTERVAL_MS,
    failure: 'could not roll up or expire funnel events',
    async run() {
      const result = await sweepPageEvents(db, retentionDays)
      if (result.saltsDeleted + result.rowsRolledUp + result.eventsDeleted > 0) {
        app.log.info({ ...result, retentionDays }, 'funnel events rolled up and expired')
      }
    },
  })
}
