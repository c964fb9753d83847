import type { Database } from '../../server/db/database.ts'
import { MAINTENANCE_POOL, openPostgres } from '../../server/db/postgres.ts'
import { startPostgresServer } from '../../server/testing/postgres-server.ts'

/**
 * Starts a throwaway PostgreSQL, fills it with `seed` over a maintenance
 * connection (seeding runs past the serving pool's statement timeout, as a
 * migration would), then runs `use` on a serving pool, and stops it all.
 */
export async function withSeededPostgres<S, T>(
  seed: (db: Database) => Promise<S>,
  use: (db: Database, seeded: S) => Promise<T>,
): Promise<T> {
  const server = await startPostgresServer()
  try {
    const maintenance = openPostgres(server.url(), MAINTENANCE_POOL)
    const seeded = await seed(maintenance).finally(() => maintenance.close())
    const db = openPostgres(server.url())
    try {
      return await use(db, seeded)
    } finally {
      await db.close()
    }
  } finally {
    await server.dispose()
  }
}
