import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LOCK_FILE } from '../db/data-dir-lock.ts'
import type { Database } from '../db/database.ts'

// What PostgreSQL's own base backups leave out: the process's files, the WAL
// (copied after, from the backup's start), and folders whose contents are
// rebuilt at start. The folders themselves are kept: PostgreSQL expects them.
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  LOCK_FILE,
])
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
])

const WAL_SEGMENT = /^[0-9A-F]{24}$/

/**
 * Copies the embedded database's files from `dataDir` into `into` while the
 * server goes on writing: PostgreSQL's low-level base backup. Between
 * pg_backup_start and pg_backup_stop every page changed gets a full image in
 * the WAL, so the files, copied at any moment, plus the WAL written meanwhile
 * and the backup_label, open as the database was when the backup ended. A
 * temporary replication slot keeps that WAL from being recycled meanwhile.
 *
 * The database is busy only for pg_backup_start's checkpoint; the copying
 * runs on libuv's threads, beside the server's own work.
 */
export async function snapshotDataDir(
  db: Database,
  dataDir: string,
  into: string,
  label: string,
  signal?: AbortSignal,
): Promise<void> {
  const slot = `backup_${process.pid}`
  // Each in a transaction of its own, so none joins a group commit's batch.
  const one = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    db.transaction(async (tx) => (await tx.query<T>(sql, params))[0])
  await one('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])
  try {
    await one('SELECT pg_backup_start($1, true)', [label])
    let stopped = false
    try {
      await mkdir(into, { recursive: true })
      await copyTree(dataDir, into, signal)
      const stop = await one<{ labelfile: string; spcmapfile: string }>(
        'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
      )
      stopped = true
      if (stop === undefined) throw new Error('pg_backup_stop returned nothing')
      await writeFile(join(into, 'backup_label'), stop.labelfile)
      if (stop.spcmapfile !== '') await writeFile(join(into, 'tablespace_map'), stop.spcmapfile)
      await copyWal(join(dataDir, 'pg_wal'), join(into, 'pg_wal'), startSegment(stop.labelfile))
    } finally {
      if (!stopped) await one('SELECT pg_backup_stop(false)').catch(() => undefined)
    }
  } finally {
    await one('SELECT pg_drop_replication_slot($1)', [slot]).catch(() => undefined)
  }
}

async function copyTree(from: string, to: string, signal: AbortSignal | undefined, top = true): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true }).catch(ifVanished([]))) {
    signal?.throwIfAborted()
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    if (entry.isDirectory()) {
      await mkdir(target, { recursive: true })
      if (!(top && EMPTIED_FOLDERS.has(entry.name))) await copyTree(source, target, signal, false)
    } else if (entry.isFile() && !(top && SKIPPED_FILES.has(entry.name)) && !entry.name.startsWith('pgsql_tmp')) {
      // A file dropped meanwhile (a table rewritten) is in the WAL's hands.
      await copyFile(source, target).catch(ifVanished(undefined))
    }
  }
}

function startSegment(labelfile: string): string {
  const segment = /^START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1]
  if (segment === undefined) throw new Error('The backup label names no start segment')
  return segment
}

/** The WAL from the backup's start on; the slot kept every such segment. */
async function copyWal(from: string, to: string, start: string) {
  const segments = (await readdir(from)).filter((name) => WAL_SEGMENT.test(name) && name >= start).sort()
  if (segments[0] !== start) throw new Error(`The WAL segment ${start} the backup starts in is gone`)
  for (const segment of segments) await copyFile(join(from, segment), join(to, segment))
}

function ifVanished<T>(fallback: T) {
  return (error: unknown): T => {
    if ((error as { code?: unknown }).code === 'ENOENT') return fallback
    throw error
  }
}
