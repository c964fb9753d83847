import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { openPglite } from '../db/pglite.ts'

export interface TempDatabase {
  db: Database
  dataDir: string
  /** Closes the database and deletes its directory. */
  dispose(): Promise<void>
}

/**
 * A real PGlite in a fresh temporary directory. Opening one runs initdb (10–20 s
 * on a busy machine), so open one per test file, in beforeAll.
 */
export async function openTempDatabase({ migrated = true } = {}): Promise<TempDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'landing-db-'))
  const db = await openPglite(dataDir)
  if (migrated) await migrate(db)
  return {
    db,
    dataDir,
    async dispose() {
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A database that fails every call the way `fail` says; for error-path tests. */
export function failingDatabase(fail: () => Error): Database {
  return {
    query: async () => {
      throw fail()
    },
    exec: async () => {
      throw fail()
    },
    transaction: async () => {
      throw fail()
    },
    close: async () => undefined,
  }
}
