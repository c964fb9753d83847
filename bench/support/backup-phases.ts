import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { STAGING_PREFIX } from '../../server/backups/backup-store.ts'
import { LOCK_FILE } from '../../server/db/data-dir-lock.ts'

/** When (performance.now()) each step of a backup (server/backups/) was first seen in BACKUP_DIR. */
export interface BackupPhaseMarks {
  /** The snapshot's folder exists: the slot is made and pg_backup_start's checkpoint is over; the files are being copied. */
  copying?: number
  /** Its `backup_label` is written: the files are copied and pg_backup_stop has returned; the WAL is copied, then the worker starts. */
  stopped?: number
  /** The worker's PGlite has locked the copy: the files and WAL are copied, and it opens them (crash recovery). */
  opening?: number
  /** The backup's `.partial` exists: the copy is open and its rows are being written. */
  writing?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const names = (dir: string) => readdir(dir).catch(() => [] as string[])

/**
 * Looks into `dir` every `everyMs` until stopped, noting when each step of a
 * backup shows there first. The server says nothing of its steps, but each
 * leaves a trace: the snapshot's folder, its backup_label, the worker's lock
 * file in it, the `.partial` file. A mark is at most `everyMs` (and a readdir) late.
 */
export function watchBackupPhases(dir: string, everyMs = 50) {
  const marks: BackupPhaseMarks = {}
  let stopped = false
  const watching = (async () => {
    while (!stopped) {
      const now = performance.now()
      const here = await names(dir)
      const staging = here.find((name) => name.startsWith(STAGING_PREFIX))
      if (staging !== undefined) {
        marks.copying ??= now
        const inside = await names(join(dir, staging))
        if (inside.includes('backup_label')) marks.stopped ??= now
        if (inside.includes(LOCK_FILE)) marks.opening ??= now
      }
      if (here.some((name) => name.endsWith('.partial'))) marks.writing ??= now
      await sleep(everyMs)
    }
  })()
  return {
    async stop(): Promise<BackupPhaseMarks> {
      stopped = true
      await watching
      return marks
    },
  }
}
