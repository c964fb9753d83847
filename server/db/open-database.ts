import type { Config } from '../config.ts'
import type { Database } from './database.ts'
import { migrate } from './migrate.ts'
import { openPglite } from './pglite.ts'
import { MAINTENANCE_POOL, openPostgres } from './postgres.ts'

export type DatabaseSettings = Pick<Config, 'databaseUrl' | 'dataDir'>

export interface OpenDatabaseOptions {
  /**
   * 'serving' (default) bounds connections and statement time for answering
   * requests; 'maintenance' (migrations, exports) uses one connection without a
   * statement limit. PGlite has neither, so this only matters for PostgreSQL.
   */
  purpose?: 'serving' | 'maintenance'
  /** Told when PostgreSQL drops an idle pooled connection; the pool replaces it. */
  onIdleError?: (error: Error) => void
  /** Told once if PostgreSQL sits behind a pooler that cannot keep prepared statements. */
  onPreparedStatementsOff?: (error: Error) => void
}

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR. */
export async function openDatabase(settings: DatabaseSettings, options: OpenDatabaseOptions = {}): Promise<Database> {
  if (settings.databaseUrl === undefined) return openPglite(settings.dataDir)
  // openPostgres is bounded for serving unless told otherwise.
  return openPostgres(settings.databaseUrl, {
    ...(options.purpose === 'maintenance' && MAINTENANCE_POOL),
    onIdleError: options.onIdleError,
    onPreparedStatementsOff: options.onPreparedStatementsOff,
  })
}

/** Where the applications are kept, for logs and messages: never the password. */
export function describeDatabase(settings: DatabaseSettings): string {
  if (settings.databaseUrl === undefined) return `the embedded database in ${settings.dataDir}`
  const url = new URL(settings.databaseUrl)
  // The query string may hold a password too (?password=…), so it goes as well.
  const user = url.username ? `${decodeURIComponent(url.username)}@` : ''
  return `PostgreSQL ${user}${url.host}${url.pathname}`
}

/**
 * Brings the schema up to date. On PostgreSQL the migrations get a connection
 * of their own, free of the serving pool's statement timeout, since a migration
 * (or waiting for another instance's) may take longer than a request may.
 */
export async function migrateDatabase(settings: DatabaseSettings, db: Database): Promise<string[]> {
  if (settings.databaseUrl === undefined) return migrate(db)
  const maintenance = await openDatabase(settings, { purpose: 'maintenance' })
  try {
    return await migrate(maintenance)
  } finally {
    await maintenance.close()
  }
}
