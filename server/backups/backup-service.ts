import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { WrittenBackup } from '../db/backup-file.ts'
import type { Database } from '../db/database.ts'
import { STAGING_PREFIX, backupName, clearUnfinished, listBackups, pruneBackups, type StoredBackup } from './backup-store.ts'
import type { DumpJob } from './dump-worker.ts'
import { runInWorker } from './run-in-worker.ts'
import { snapshotDataDir } from './snapshot.ts'

export interface TakenBackup extends StoredBackup {
  tables: WrittenBackup['tables']
  /** The older backups deleted to keep BACKUP_KEEP. */
  pruned: string[]
}

/** The embedded database's backups, taken while the server runs (ADR 028). */
export interface BackupService {
  /** Takes a backup now, or joins the one under way; resolves once it is complete. */
  backUp(): Promise<TakenBackup>
  list(): Promise<StoredBackup[]>
  /** Stops a backup under way (its files are removed) before the database closes. */
  close(): Promise<void>
}

export interface BackupServiceOptions {
  db: Database
  dataDir: string
  dir: string
  keep: number
}

export function createBackupService({ db, dataDir, dir, keep }: BackupServiceOptions): BackupService {
  const stop = new AbortController()
  let running: Promise<TakenBackup> | undefined
  let cleared = false

  async function take(): Promise<TakenBackup> {
    await mkdir(dir, { recursive: true })
    // What an earlier process's backup left when it died; never counted, so only tidied.
    if (!cleared) await clearUnfinished(dir)
    cleared = true
    const createdAt = new Date()
    const name = backupName(createdAt)
    const snapshotDir = join(dir, `${STAGING_PREFIX}${name}`)
    const path = join(dir, name)
    try {
      await snapshotDataDir(db, dataDir, snapshotDir, name, stop.signal)
      const job: DumpJob = { snapshotDir, out: path, createdAt: createdAt.toISOString() }
      const written = await runInWorker<WrittenBackup>('dump-worker', job, stop.signal)
      const pruned = await pruneBackups(dir, keep)
      return { name, path, createdAt, bytes: written.bytes, tables: written.tables, pruned }
    } finally {
      await rm(snapshotDir, { recursive: true, force: true })
      if (stop.signal.aborted) await rm(`${path}.partial`, { force: true })
    }
  }

  return {
    backUp() {
      if (stop.signal.aborted) return Promise.reject(new Error('The server is closing'))
      running ??= take().finally(() => (running = undefined))
      return running
    },
    list: () => listBackups(dir),
    async close() {
      stop.abort()
      await running?.catch(() => undefined)
    },
  }
}
