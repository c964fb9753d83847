/** A complete backup of the embedded database, as the inbox's account page lists it. */
export interface BackupSummary {
  name: string
  /** The server's own, on its schedule, or one the owner took on the account page. */
  kind: 'scheduled' | 'on-demand'
  /** ISO 8601, UTC. */
  createdAt: string
  bytes: number
}

/**
 * GET /api/admin/backups: `enabled` is false on PostgreSQL, where the provider
 * keeps the backups. Every account sees the list; only the owner
 * (`canManage`) may take or download one.
 */
export interface BackupList {
  enabled: boolean
  canManage: boolean
  backups: BackupSummary[]
}

/** On-demand backups: at most one in this many minutes (429 with Retry-After otherwise). */
export const ON_DEMAND_BACKUP_MINUTES = 10

/** Where one backup downloads, relative to the inbox's API. */
export const backupDownloadPath = (name: string) => `/backups/${encodeURIComponent(name)}`
