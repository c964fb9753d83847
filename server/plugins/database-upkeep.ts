import type { FastifyInstance } from 'fastify'
import type { Queryable } from '../db/database.ts'
import { registerPeriodicSweep } from './periodic-sweep.ts'

// Often enough that the pending list rarely reaches its limit (256 kB,
// migrations/011) between runs under steady traffic; a run on an empty list
// costs next to nothing.
export const SEARCH_INDEX_UPKEEP_INTERVAL_MS = 30 * 1000

/**
 * Merges the search index's pending list into the index proper; resolves to
 * the pages it emptied. New applications go to that list rather than into the
 * trigram index (migrations/011), and every search reads the list whole, so it
 * must not grow. PostgreSQL's autovacuum merges it there; the embedded database
 * runs no autovacuum, so the server does.
 */
export async function mergeSearchPendingList(db: Queryable): Promise<number> {
  const [result] = await db.query<{ pages: number }>(
    `SELECT gin_clean_pending_list('contact_submissions_search_idx'::regclass)::int AS pages`,
    [],
  )
  return result?.pages ?? 0
}

/** On the embedded database: merges the pending list at start and every 30 s. */
export function registerSearchIndexUpkeep(app: FastifyInstance, db: Queryable) {
  registerPeriodicSweep(app, {
    intervalMs: SEARCH_INDEX_UPKEEP_INTERVAL_MS,
    failure: 'could not merge the search index pending list',
    run: async () => void (await mergeSearchPendingList(db)),
  })
}
