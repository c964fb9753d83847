import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { BACKUP_SUFFIX, CHECKSUM_SUFFIX } from '../db-copy/backup-file.ts'

/**
 * Who asked for a backup: the server's schedule, or the owner on the account
 * page. Each kind is kept and pruned apart, so neither pushes out the other.
 */
export type BackupKind = 'scheduled' | 'on-demand'

/** A backup in BACKUP_DIR that was written whole: its checksum file exists. */
export interface StoredBackup {
  name: string
  path: string
  kind: BackupKind
  createdAt: Date
  bytes: number
}

const NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(-on-demand)?\.ndjson\.gz$/
const ON_DEMAND = '-on-demand'
export const STAGING_PREFIX = '.staging-'

/** The file name of a backup taken at `at`; names of one kind sort as their times do. */
export const backupName = (at: Date, kind: BackupKind = 'scheduled') =>
  `backup-${at
    .toISOString()
    .replaceAll(':', '-')
    .replace('.', '-')
    .replace(/Z$/, kind === 'on-demand' ? `Z${ON_DEMAND}` : 'Z')}${BACKUP_SUFFIX}`

/** The complete backups in `dir`, of both kinds, oldest first. A `.partial` is never one. */
export async function listBackups(dir: string): Promise<StoredBackup[]> {
  const names = new Set(await readdir(dir).catch(() => [] as string[]))
  const backups: StoredBackup[] = []
  for (const name of names) {
    const match = NAME.exec(name)
    if (match === null || !names.has(`${name}${CHECKSUM_SUFFIX}`)) continue
    const [, day, hours, minutes, seconds, millis, onDemand] = match
    const { size } = await stat(join(dir, name))
    const createdAt = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`)
    backups.push({
      name,
      path: join(dir, name),
      kind: onDemand === undefined ? 'scheduled' : 'on-demand',
      createdAt,
      bytes: size,
    })
  }
  return backups.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.name.localeCompare(b.name))
}

/** Deletes all but the newest `keep` complete backups of `kind`; the other kind's are never touched. */
export async function pruneBackups(dir: string, keep: number, kind: BackupKind = 'scheduled'): Promise<string[]> {
  const backups = (await listBackups(dir)).filter((backup) => backup.kind === kind)
  const old = backups.slice(0, Math.max(0, backups.length - keep))
  for (const backup of old) {
    // The checksum first: without it the file no longer counts as a backup, should this stop halfway.
    await rm(`${backup.path}${CHECKSUM_SUFFIX}`, { force: true })
    await rm(backup.path, { force: true })
  }
  return old.map((backup) => backup.name)
}

/**
 * Removes what a backup cut short (a crash, a full disk) left: `.partial`
 * files, snapshot folders, and a backup renamed into place whose checksum
 * was never written (it is not listed, so pruning would never reach it).
 */
export async function clearUnfinished(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names) {
    const orphan = NAME.test(name) && !names.includes(`${name}${CHECKSUM_SUFFIX}`)
    if (orphan || name.endsWith('.partial') || name.startsWith(STAGING_PREFIX))
      await rm(join(dir, name), { recursive: true, force: true })
  }
}
