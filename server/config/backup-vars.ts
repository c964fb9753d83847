import { dirname, join, resolve, sep } from 'node:path'
import { z } from 'zod'
import { envVar, wholeNumber } from './fields.ts'

/** The embedded database's backups (server/backups/, ADR 028). */
export const BACKUP_VARS = {
  // Resolved beside DATA_DIR when unset (backupSettings).
  BACKUP_DIR: envVar(
    z
      .string()
      .transform((path) => resolve(path))
      .optional(),
  ),
  BACKUP_INTERVAL_HOURS: envVar(
    wholeNumber
      .refine((hours) => hours <= 8_760, 'must be a whole number of hours from 0 (no backups) to 8760 (a year)')
      .default(24),
  ),
  BACKUP_KEEP: envVar(
    wholeNumber.refine((count) => count >= 1 && count <= 1_000, 'must be from 1 to 1000').default(14),
  ),
}

interface BackupVars {
  DATA_DIR: string
  BACKUP_DIR?: string | undefined
  BACKUP_INTERVAL_HOURS: number
  BACKUP_KEEP: number
}

// Beside the data directory, never in it: losing that folder would take both.
const backupDir = (vars: BackupVars) => vars.BACKUP_DIR ?? join(dirname(vars.DATA_DIR), 'backups')

/** Says, if so, why BACKUP_DIR cannot be used. */
export function backupDirInside(vars: BackupVars, refuse: (message: string) => void) {
  const dir = backupDir(vars)
  if (dir === vars.DATA_DIR || dir.startsWith(`${vars.DATA_DIR}${sep}`)) {
    refuse('must not be DATA_DIR or inside it: a backup has to outlive the database it copies')
  }
}

/** The embedded database's backups, which the server takes itself (none on PostgreSQL). */
export const backupSettings = (vars: BackupVars) => ({
  /** BACKUP_DIR: absolute; `backups/` beside DATA_DIR when unset. */
  dir: backupDir(vars),
  /** BACKUP_INTERVAL_HOURS: hours between backups; 0 takes none. */
  intervalHours: vars.BACKUP_INTERVAL_HOURS,
  /** BACKUP_KEEP: complete backups kept; older ones are deleted after a new one is complete. */
  keep: vars.BACKUP_KEEP,
})
