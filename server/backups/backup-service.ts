import { chmod, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../db/database.ts'
import type { WrittenBackup } from '../db-copy/backup-file.ts'
import {
  STAGING_PREFIX,
  backupName,
  clearUnfinished,
  listBackups,
  pruneBackups,
  type BackupKind,
  type StoredBackup,
} from './backup-store.ts'
import type { DumpJob } from './dump-worker.ts'
import { runInWorker } from './run-in-worker.ts'
import { snapshotDataDir } from './snapshot.ts'

/** On-demand backups kept, apart from the scheduled ones (BACKUP_KEEP): enough for a download or two. */
export const ON_DEMAND_KEEP = 3

export interface TakenBackup extends StoredBackup {
  tables: WrittenBackup['tables']
  /** The older backups of its kind deleted to keep BACKUP_KEEP (scheduled) or ON_DEMAND_KEEP. */
  pruned: string[]
}

/** The embedded database's backups, taken while the server runs (ADR 028). */
export interface BackupService {
  /**
   * Takes a backup of `kind` now, or joins the one of that kind under way
   * (one of the other kind is waited for first); resolves once it is complete.
   */
  backUp(kind?: BackupKind): Promise<TakenBackup>
  list(): Promise<StoredBackup[]>
  /** Stops a backup under way (its files are removed) before the database closes. */
  close(): Promise<void>
}

export interface BackupServiceOptions {
  db: Database
  dataDir: string
  dir: string
  /** BACKUP_KEEP: scheduled backups kept. */
  keep: number
}

export function createBackupService({ db, dataDir, dir, keep }: BackupServiceOptions): BackupService {
  const stop = new AbortController()
  const running = new Map<BackupKind, Promise<TakenBackup>>()
  let last: Promise<unknown> = Promise.resolve()
  let cleared = false

  async function take(kind: BackupKind): Promise<TakenBackup> {
    stop.signal.throwIfAborted()
    // Its owner's alone: a backup holds every lead (and 0700 whatever the umask, for a folder made before it was set).
    await mkdir(dir, { recursive: true, mode: 0o700 })
    await chmod(dir, 0o700)
    // What an earlier process's backup left when it died; never counted, so only tidied.
    if (!cleared) await clearUnfinished(dir)
    cleared = true
    const createdAt = new Date()
    const name = backupName(createdAt, kind)
    const snapshotDir = join(dir, `${STAGING_PREFIX}${name}`)
    const path = join(dir, name)
    try {
      await snapshotDataDir(db, dataDir, snapshotDir, name, stop.signal)
      const job: DumpJob = { snapshotDir, out: path, createdAt: createdAt.toISOString() }
      const written = await runInWorker<WrittenBackup>('dump-worker', job, stop.signal)
      const pruned = await pruneBackups(dir, kind === 'scheduled' ? keep : ON_DEMAND_KEEP, kind)
      return { name, path, kind, createdAt, bytes: written.bytes, tables: written.tables, pruned }
    } finally {
      await rm(snapshotDir, { recursive: true, force: true })
      if (stop.signal.aborted) await rm(`${path}.partial`, { force: true })
    }
  }

  return {
    backUp(kind = 'scheduled') {
      if (stop.signal.aborted) return Promise.reject(new Error('The server is closing'))
      const joined = running.get(kind)
      if (joined !== undefined) return joined
      // One at a time: two would copy the data directory twice at once.
      const run = last.catch(() => undefined).then(() => take(kind))
      const settled = run.finally(() => running.delete(kind))
      running.set(kind, settled)
      last = settled
      return settled
    },
    list: () => listBackups(dir),
    async close() {
      stop.abort()
      await Promise.all([...running.values()].map((run) => run.catch(() => undefined)))
    },
  }
}
