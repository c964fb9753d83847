import { existsSync } from 'node:fs'
import { chmod, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { lockDataDir } from './data-dir-lock.ts'
import { checkDataDirVersion } from './data-dir-version.ts'
import { DatabaseUnavailableError, type Database, type Queryable, type QueryOptions, type Row } from './database.ts'
import { DURABLE_START_PARAMS, DurableNodeFS, syncTree } from './durable-nodefs.ts'
import { groupCommit } from './group-commit.ts'

/**
 * Opens (or creates) the embedded database in `dataDir`. A new directory runs
 * initdb, which takes 10–20 s; an existing one opens in a few seconds. Open it
 * once: a second opener, in this process or another, gets DataDirInUseError
 * instead of corrupting it.
 *
 * Durable: a statement outside a transaction resolves only once its commit is
 * on disk (WAL synced), and statements that arrive together share one commit
 * (group-commit.ts). See docs/decisions/011-durable-embedded-database.md.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  checkDataDirVersion(dataDir)
  // Its owner's alone, whatever the umask, and also when it was made before this rule.
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await chmod(dataDir, 0o700)
  const unlock = await lockDataDir(dataDir)
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'))
  let pg: PGlite
  try {
    // pg_trgm: the lead inbox's search indexes (migrations/009) need it loaded before CREATE EXTENSION.
    pg = await PGlite.create({
      fs: new DurableNodeFS(dataDir),
      startParams: [...DURABLE_START_PARAMS],
      extensions: { pg_trgm },
    })
    if (isNew) syncTree(dataDir)
  } catch (error) {
    await unlock()
    throw error
  }

  const ensureOpen = () => {
    if (pg.closed) throw new DatabaseUnavailableError('The embedded database is closed')
  }
  const committed = groupCommit(pg)
  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      ensureOpen()
      if (target === pg) return committed<T>(sql, params, options)
      const result = await target.query<T>(sql, [...params])
      return result.rows
    },
    async exec(sql: string) {
      ensureOpen()
      await target.exec(sql)
    },
  })

  return {
    ...wrap(pg),
    exclusive: true,
    async transaction(fn) {
      ensureOpen()
      return pg.transaction((tx) => fn(wrap(tx)))
    },
    async close() {
      if (pg.closed) return
      try {
        await pg.close()
      } finally {
        await unlock()
      }
    },
  }
}
