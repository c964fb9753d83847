import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import type { Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import type { DatabaseSettings } from '../db/open-database.ts'
import { openPglite } from '../db/pglite.ts'
import { MAINTENANCE_POOL, openPostgres } from '../db/postgres.ts'
import { DATABASE_TARGET, MIGRATED_TEMPLATE, type DatabaseTarget } from './database-target.ts'

export interface TempDatabase {
  /** Open until dispose(); reopen() replaces it. */
  db: Database
  target: DatabaseTarget
  /** What the server would be configured with for this database (DATA_DIR or DATABASE_URL). */
  settings: DatabaseSettings
  /** The same as environment variables, for a child process. */
  env: Record<string, string>
  /** Opens the same database again (after db.close()), as a restarted server would. */
  reopen(): Promise<Database>
  /** Closes the database and deletes it. */
  dispose(): Promise<void>
}

/**
 * A real database of its own on the project's target (DATABASE_TARGET): PGlite
 * in a fresh temporary directory, or a new database on the run's PostgreSQL
 * server. Both are copies of a migrated template that global setup made (an
 * unmigrated PGlite runs initdb, 3–20 s), so open one per test file, in beforeAll
 * (useTempDatabase() does both hooks).
 */
export async function openTempDatabase({ migrated = true } = {}): Promise<TempDatabase> {
  return DATABASE_TARGET === 'postgres' ? openTempPostgres(migrated) : openTempPglite(migrated)
}

async function openTempPglite(migrated: boolean): Promise<TempDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'landing-db-'))
  // Without global setup's template (another vitest config), pay for initdb here.
  const template = migrated ? inject('pgliteTemplateDir') : undefined
  if (template !== undefined) await cp(template, dataDir, { recursive: true })
  const temp: TempDatabase = {
    db: await openPglite(dataDir),
    target: 'pglite',
    settings: { dataDir, databaseUrl: undefined },
    env: { DATA_DIR: dataDir },
    async reopen() {
      temp.db = await openPglite(dataDir)
      return temp.db
    },
    async dispose() {
      await temp.db.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  if (migrated && template === undefined) await migrate(temp.db)
  return temp
}

async function openTempPostgres(migrated: boolean): Promise<TempDatabase> {
  const adminUrl = inject('postgresAdminUrl')
  const name = `test_${randomBytes(8).toString('hex')}`
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.href

  const asAdmin = async (sql: string) => {
    const admin = openPostgres(adminUrl, MAINTENANCE_POOL)
    try {
      await admin.exec(sql)
    } finally {
      await admin.close()
    }
  }
  // template0 is empty, as a new PGlite is.
  await asAdmin(`CREATE DATABASE ${name} TEMPLATE ${migrated ? MIGRATED_TEMPLATE : 'template0'}`)
  // Not a data directory, but callers that build a Config need some value.
  const settings = { dataDir: join(tmpdir(), 'unused-by-postgres'), databaseUrl }
  const temp: TempDatabase = {
    db: openPostgres(databaseUrl),
    target: 'postgres',
    settings,
    env: { DATABASE_URL: databaseUrl },
    async reopen() {
      temp.db = openPostgres(databaseUrl)
      return temp.db
    },
    async dispose() {
      await temp.db.close()
      await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
  return temp
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
