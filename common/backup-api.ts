/** A complete backup of the embedded database, as the inbox's account page lists it. */
export interface BackupSummary {
  name: string
  /** ISO 8601, UTC. */
  createdAt: string
  bytes: number
}

/** GET /api/admin/backups: `enabled` is false on PostgreSQL, where the provider keeps the backups. */
export interface BackupList {
  enabled: boolean
  backups: BackupSummary[]
}

/** Where one backup downloads, relative to the inbox's API. */
export const backupDownloadPath = (name: string) => `/backups/${encodeURIComponent(name)}`
