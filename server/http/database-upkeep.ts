import type { FastifyPluginAsync } from 'fastify'
import type { Queryable } from '../db/database.ts'
import { registerPeriodicSweep } from './periodic-sweep.ts'

// Often enough that the search index's pending list rarely reaches its limit
// (256 kB, migrations/011) between runs under steady traffic, and that a table
// filling fast gets statistics within seconds; a run with nothing to do costs
// two catalog reads.
export const DATABASE_UPKEEP_INTERVAL_MS = 30 * 1000
export const DAILY_STATISTICS_INTERVAL_MS = 24 * 60 * 60 * 1000

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

/**
 * The tables whose rows are deleted or rewritten as fast as leads arrive: an
 * outbox row per lead, gone at the next look, and a delivery rewritten at each
 * attempt. PostgreSQL's autovacuum reclaims their dead rows; the embedded
 * database runs none, so without this the outbox's table and index grow with
 * every lead ever stored, and each look reads further through them.
 */
export const CHURNING_TABLES = ['lead_outbox', 'lead_deliveries'] as const

/** Reclaims the dead rows of the churning tables (plain VACUUM: no lock that stops inserts). */
export async function vacuumChurningTables(db: Queryable): Promise<void> {
  // exec, not query: VACUUM cannot run inside the transaction a group commit would put it in.
  await db.exec(`VACUUM ${CHURNING_TABLES.join(', ')}`)
}

/**
 * Refreshes the planner's statistics of the tables of more than eight pages
 * that have grown past `growth` times their size when last analyzed (0: all of
 * them); resolves to the tables it analyzed. Autovacuum does this on
 * PostgreSQL; the embedded database has none. A small table is left alone: one
 * analyzed while nearly empty is planned as empty, so the foreign-key check
 * each new lead's pipeline row makes would read the whole table, and inserts
 * would slow down with every lead stored until the next analysis (ADR 024).
 * Never analyzed, a table is planned as ten pages, which is right until it has
 * grown past them.
 */
export async function analyzeTables(db: Queryable, { growth }: { growth: number }): Promise<string[]> {
  const grown = await db.query<{ name: string }>(
    `SELECT quote_ident(c.relname) AS name FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
       AND pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages, 0) * $1::float8 + 8
     ORDER BY c.relname`,
    [growth],
  )
  const names = grown.map((row) => row.name)
  if (names.length > 0) await db.query(`ANALYZE ${names.join(', ')}`)
  return names
}

/**
 * At start and every 30 s: on the embedded database the search index's pending
 * list merged and the churning tables vacuumed, and on both, statistics for the tables that have doubled since
 * last analyzed (a burst of leads gets good plans within seconds, at a handful
 * of analyses over a table's life); every day, statistics for every table past
 * eight pages, as the pipeline's rows change without growing.
 */
export const databaseUpkeep: FastifyPluginAsync<{ db: Queryable; embedded: boolean }> = async (app, { db, embedded }) => {
  registerPeriodicSweep(app, {
    intervalMs: DATABASE_UPKEEP_INTERVAL_MS,
    failure: 'could not merge the search index pending list or refresh statistics',
    async run() {
      if (embedded) {
        await mergeSearchPendingList(db)
        await vacuumChurningTables(db)
      }
      await analyzeTables(db, { growth: 2 })
    },
  })
  registerPeriodicSweep(app, {
    intervalMs: DAILY_STATISTICS_INTERVAL_MS,
    failure: 'could not refresh statistics',
    run: async () => void (await analyzeTables(db, { growth: 0 })),
  })
}
