import type { FastifyBaseLogger } from 'fastify'
import type { BackupService } from './backup-service.ts'

const HOUR_MS = 60 * 60 * 1000
// After start, so the first backup does not compete with the server's own start.
export const FIRST_BACKUP_DELAY_MS = 5_000

/**
 * Takes a backup at start when the newest is older than the interval (or
 * there is none), then one every interval. A failure is logged and changes
 * nothing else; the next try is an interval later. Returns a stop function.
 */
export function scheduleBackups(service: BackupService, intervalHours: number, log: FastifyBaseLogger): () => void {
  if (intervalHours === 0) {
    log.warn('BACKUP_INTERVAL_HOURS=0: the server takes no backups of the embedded database')
    return () => undefined
  }
  const intervalMs = intervalHours * HOUR_MS
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const after = (ms: number) => {
    if (stopped) return
    timer = setTimeout(() => void run(), Math.max(ms, 0))
    timer.unref()
  }
  async function run() {
    const started = performance.now()
    try {
      const backup = await service.backUp('scheduled')
      log.info(
        {
          backup: backup.name,
          bytes: backup.bytes,
          rows: backup.tables.reduce((sum, table) => sum + table.rows, 0),
          pruned: backup.pruned,
          ms: Math.round(performance.now() - started),
        },
        'backup complete',
      )
    } catch (error) {
      if (stopped) return
      log.error(
        { err: error, nextInHours: intervalHours },
        'backup failed; nothing else changed, and it is tried again at the next interval',
      )
    }
    after(intervalMs)
  }
  void service
    .list()
    .then((backups) => {
      // The owner's on-demand backups are kept apart and pruned sooner: they never stand in for the schedule.
      const newest = backups.filter((backup) => backup.kind === 'scheduled').at(-1)
      const due = newest === undefined ? 0 : newest.createdAt.getTime() + intervalMs - Date.now()
      after(Math.max(due, FIRST_BACKUP_DELAY_MS))
    })
    .catch(() => after(FIRST_BACKUP_DELAY_MS))
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
