import { existsSync, statSync } from 'node:fs'
import { readdir, rename, rm, rmdir } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { Database } from '../db/database.ts'
import { MIGRATIONS_DIR, migrate, migrationFiles } from '../db/migrate.ts'
import { describeDatabase } from '../db/open-database.ts'
import { openPglite } from '../db/pglite.ts'
import { MAINTENANCE_POOL, openPostgres } from '../db/postgres.ts'
import { syncFolder } from './backup-file.ts'
import { openBackupFile, verifyBackupFile } from './backup-reader.ts'
import { CopyError, copyRows, type CopiedTable, type CopyOptions } from './copy-database.ts'
import { databaseSource, type RowSource } from './row-source.ts'

/** Where rows come from or go to: a PostgreSQL URL, an embedded data directory, or (to read) a backup file. */
export type Endpoint =
  { kind: 'postgres'; url: string } | { kind: 'embedded'; dir: string } | { kind: 'backup'; file: string }

export const isPostgresUrl = (text: string) => /^postgres(ql)?:\/\//.test(text)

/** A source named on a command line: a URL, else a backup file if it is a file, else a data directory. */
export function sourceEndpoint(text: string): Endpoint {
  if (isPostgresUrl(text)) return { kind: 'postgres', url: text }
  const path = resolve(text)
  return existsSync(path) && statSync(path).isFile() ? { kind: 'backup', file: path } : { kind: 'embedded', dir: path }
}

/** A target named on a command line: a URL, else a data directory to create. */
export const targetEndpoint = (text: string): Endpoint =>
  isPostgresUrl(text) ? { kind: 'postgres', url: text } : { kind: 'embedded', dir: resolve(text) }

/** In words, and never with a password. */
export function describeEndpoint(endpoint: Endpoint): string {
  if (endpoint.kind === 'embedded') return `the embedded database in ${endpoint.dir}`
  if (endpoint.kind === 'backup') return `the backup ${endpoint.file}`
  return describeDatabase({ databaseUrl: endpoint.url, dataDir: '' })
}

/**
 * Fills `target`, a new database, from `source`: its schema migrated to the
 * source's first, so the rows fit; the rows copied and verified (copyRows);
 * then the rest of our migrations, as the server's next start would run them.
 */
export async function restoreRows(
  source: RowSource,
  target: Database,
  options: CopyOptions = {},
): Promise<CopiedTable[]> {
  const ours = new Set(await migrationFiles())
  const unknown = source.migrations.filter((name) => !ours.has(name))
  if (unknown.length > 0) {
    throw new CopyError(
      `The source was made by a newer version (its migrations ${unknown.join(', ')} are unknown here): update this one first`,
    )
  }
  await migrate(target, MIGRATIONS_DIR, { only: new Set(source.migrations) })
  const copied = await copyRows(source, target, options)
  await migrate(target)
  return copied
}

/**
 * Copies every row from one endpoint to another, verified, or nothing: a
 * PostgreSQL target is filled in one transaction; an embedded one is built
 * in a folder beside it and renamed into place only when complete.
 */
export async function copyBetween(from: Endpoint, to: Endpoint, options: CopyOptions = {}): Promise<CopiedTable[]> {
  if (to.kind === 'backup') throw new CopyError('A backup is written with db:backup, not copied into')
  if (to.kind === 'embedded') await mustBeEmpty(to.dir)
  return withSource(from, options.signal, (source) =>
    to.kind === 'postgres' ? intoPostgres(to.url, source, options) : intoDataDir(to.dir, source, options),
  )
}

async function withSource<T>(
  from: Endpoint,
  signal: AbortSignal | undefined,
  fill: (source: RowSource) => Promise<T>,
): Promise<T> {
  if (from.kind === 'backup') {
    // The whole file is checked before the target is touched: a damaged backup changes nothing.
    await verifyBackupFile(from.file, signal)
    const source = await openBackupFile(from.file, signal)
    try {
      return await fill(source)
    } finally {
      source.close()
    }
  }
  if (from.kind === 'embedded') {
    if (!existsSync(join(from.dir, 'PG_VERSION'))) throw new CopyError(`There is no embedded database in ${from.dir}`)
    const db = await openPglite(from.dir)
    try {
      // Brought up to date as the server's next start would: the copy is of the current schema.
      await migrate(db)
      return await fill(await databaseSource(db))
    } finally {
      await db.close()
    }
  }
  // A running server may go on writing: the rows are read in one snapshot.
  const db = openPostgres(from.url, MAINTENANCE_POOL)
  try {
    return await db.transaction(async (tx) => {
      await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
      return fill(await databaseSource(tx))
    })
  } finally {
    await db.close()
  }
}

async function intoPostgres(url: string, source: RowSource, options: CopyOptions) {
  const target = openPostgres(url, MAINTENANCE_POOL)
  try {
    await target.query('SELECT 1').catch((error: unknown) => {
      throw new Error(
        `Could not prepare ${describeEndpoint({ kind: 'postgres', url })}: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      )
    })
    return await restoreRows(source, target, options)
  } finally {
    await target.close()
  }
}

async function intoDataDir(dir: string, source: RowSource, options: CopyOptions) {
  const building = join(dirname(dir), `.${basename(dir)}.incoming`)
  await rm(building, { recursive: true, force: true })
  try {
    const target = await openPglite(building)
    try {
      // A new data directory's initdb takes seconds and cannot be cut short: a signal meanwhile is obeyed here.
      if (options.signal?.aborted) throw new CopyError('Interrupted before the copy began; nothing was written')
      const copied = await restoreRows(source, target, options)
      await target.close()
      if (existsSync(dir)) await rmdir(dir)
      await rename(building, dir)
      await syncFolder(dirname(dir))
      return copied
    } finally {
      await target.close()
    }
  } finally {
    await rm(building, { recursive: true, force: true })
  }
}

async function mustBeEmpty(dir: string) {
  const entries = await readdir(dir).catch(() => [])
  if (entries.length > 0)
    throw new CopyError(`${dir} is not empty: a restore or copy fills a new, empty data directory only`)
}
