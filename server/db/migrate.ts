import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { findProjectRoot } from '../project-root.ts'
import type { Database, Queryable } from './database.ts'
import { createdNames, hardenForSupabase } from './supabase-hardening.ts'
import { supabaseVersion } from './supabase-versions.ts'

export const MIGRATIONS_DIR = join(findProjectRoot(), 'migrations')

// Any constant works, as long as every server instance uses the same one: it
// makes instances starting together against one PostgreSQL take turns.
const MIGRATION_LOCK = 4_206_001

/**
 * Applies the *.sql files in `dir` that have not run yet, in file-name order,
 * each in its own transaction together with its row in schema_migrations, so a
 * failing file leaves no trace. Returns the names it applied (not those a
 * Supabase project already held, see recordSupabaseMigrations). On a database
 * with Supabase's API roles, it then takes back what Supabase gave them of
 * ours (hardenForSupabase), at every start, so a project migrated before that
 * is mended too.
 */
export async function migrate(
  db: Database,
  dir = MIGRATIONS_DIR,
  { only }: { only?: ReadonlySet<string> } = {},
): Promise<string[]> {
  // `only`: a restore first builds the schema its backup was taken with.
  const files = (await migrationFiles(dir)).filter((name) => only === undefined || only.has(name))
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name        text PRIMARY KEY,
      applied_at  timestamptz NOT NULL DEFAULT now()
    )`)
    await recordSupabaseMigrations(tx, files)
  })

  const applied: string[] = []
  const sources: string[] = []
  for (const name of files) {
    const sql = await readFile(join(dir, name), 'utf8')
    sources.push(sql)
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])
      if (done.length > 0) return false
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
      return true
    })
    if (ran) applied.push(name)
  }
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await hardenForSupabase(tx, createdNames(sources))
  })
  return applied
}

/** Our migrations' file names, in the order they run. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
}

/**
 * A Supabase project migrated with supabase/migrations (by the Supabase CLI,
 * which records versions of its own) already holds what those files copied of
 * ours: running them again would fail on the tables they made. So, once, on a
 * database we have never migrated, they are recorded as applied without
 * running; the server-only ones, which no Supabase file holds, then run as usual.
 */
async function recordSupabaseMigrations(tx: Queryable, files: readonly string[]) {
  const [state] = await tx.query<{ ours: boolean; supabase: boolean }>(
    `SELECT EXISTS (SELECT FROM schema_migrations) AS ours,
       to_regclass('supabase_migrations.schema_migrations') IS NOT NULL AS supabase`,
  )
  if (!state || state.ours || !state.supabase) return
  const rows = await tx.query<{ version: string }>('SELECT version FROM supabase_migrations.schema_migrations')
  const versions = new Set(rows.map((row) => row.version))
  for (const name of files) {
    const version = supabaseVersion(name)
    if (version !== undefined && versions.has(version))
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
  }
}
