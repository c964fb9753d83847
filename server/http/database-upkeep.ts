import type { FastifyPluginAsync } from 'fastify'
import {
  DAILY_STATISTICS_INTERVAL_MS,
  DATABASE_UPKEEP_INTERVAL_MS,
  runDailyStatistics,
  runDatabaseUpkeep,
} from '../db/database-upkeep.ts'
import type { Queryable } from '../db/database.ts'
import { registerPeriodicSweep } from './periodic-sweep.ts'

/**
 * The database's upkeep (db/database-upkeep.ts) on the server's clock: at start
 * and every 30 s, and every day. Its own file so that db/ keeps the work and
 * knows nothing of the server that schedules it.
 */
export const databaseUpkeep: FastifyPluginAsync<{ db: Queryable; embedded: boolean }> = async (
  app,
  { db, embedded },
) => {
  registerPeriodicSweep(app, {
    intervalMs: DATABASE_UPKEEP_INTERVAL_MS,
    failure: 'could not merge the search index pending list or refresh statistics',
    run: () => runDatabaseUpkeep(db, { embedded }),
  })
  registerPeriodicSweep(app, {
    intervalMs: DAILY_STATISTICS_INTERVAL_MS,
    failure: 'could not refresh statistics',
    run: () => runDailyStatistics(db),
  })
}
