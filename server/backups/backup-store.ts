import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { BACKUP_SUFFIX, CHECKSUM_SUFFIX } from '../db/backup-file.ts'

/** A backup in BACKUP_DIR that was written whole: its checksum file exists. */
export interface StoredBackup {
  name: string
  path: string
  createdAt: Date
  bytes: number
}

const NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.ndjson\.gz$/
export const STAGING_PREFIX = '.staging-'

/** The file name of a backup taken at `at`; names sort as their times do. */
export const backupName = (at: Date) => `backup-${at.toISOString().replaceAll(':', '-').replace('.', '-')}${BACKUP_SUFFIX}`

/** The complete backups in `dir`, oldest first. A `.partial` is never one. */
export async function listBackups(dir: string): Promise<StoredBackup[]> {
  const names = new Set(await readdir(dir).catch(() => [] as string[]))
  const backups: StoredBackup[] = []
  for (const name of [...names].sort()) {
    const match = NAME.exec(name)
    if (match === null || !names.has(`${name}${CHECKSUM_SUFFIX}`)) continue
    const [, day, hours, minutes, seconds, millis] = match
    const { size } = await stat(join(dir, name))
    backups.push({ name, path: join(dir, name), createdAt: new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`), bytes: size })
  }
  return backups
}

/** Deletes all but the newest `keep` complete backups. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(dir)
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
    if (orphan || name.endsWith('.partial') || name.startsWith(STAGING_PREFIX)) await rm(join(dir, name), { recursive: true, force: true })
  }
}
