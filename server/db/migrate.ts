import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { findProjectRoot } from '../project-root.ts'
import type { Database } from './database.ts'

export const MIGRATIONS_DIR = join(findProjectRoot(), 'migrations')

// Any constant works, as long as every server instance uses the same one: it
// makes instances starting together against one PostgreSQL take turns.
const MIGRATION_LOCK = 4_206_001

/**
 * Applies the *.sql files in `dir` that have not run yet, in file-name order,
 * each in its own transaction together with its row in schema_migrations, so a
 * failing file leaves no trace. Returns the names it applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name        text PRIMARY KEY,
      applied_at  timestamptz NOT NULL DEFAULT now()
    )`)
  })

  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  const applied: string[] = []
  for (const name of files) {
    const sql = await readFile(join(dir, name), 'utf8')
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
  return applied
}
