import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'
import type { Database } from '../db/database.ts'
import { describeDatabase, openDatabase } from '../db/open-database.ts'

/** Why a command could not open the database, in words for the operator. */
export class CannotOpenDatabaseError extends Error {
  override name = 'CannotOpenDatabaseError'
}

/**
 * The database a command-line tool works on, the server's own. The embedded
 * one admits one process at a time, so while a server runs on it this throws
 * the lock's explanation (stop the server first). A missing data directory is
 * refused unless `create`: opening it would make an empty database where the
 * operator expected theirs.
 */
export async function openCliDatabase(config: Config, { create = false } = {}): Promise<Database> {
  if (!create && config.databaseUrl === undefined && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    throw new CannotOpenDatabaseError(
      `There is no embedded database in ${config.dataDir}: set DATA_DIR (or DATABASE_URL) as for the server`,
    )
  }
  return openDatabase(config, { purpose: 'maintenance' }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof DataDirInUseError) throw new CannotOpenDatabaseError(message, { cause: error })
    throw new CannotOpenDatabaseError(`Could not open ${describeDatabase(config)}: ${message}`, { cause: error })
  })
}
