import { createReadStream } from 'node:fs'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ON_DEMAND_BACKUP_MINUTES, type BackupList, type BackupSummary } from '../../common/backup-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { databaseHitCounter } from '../http/hit-counter.ts'
import type { BackupService } from './backup-service.ts'
import type { StoredBackup } from './backup-store.ts'

const summary = ({ name, kind, createdAt, bytes }: StoredBackup): BackupSummary => ({
  name,
  kind,
  createdAt: createdAt.toISOString(),
  bytes,
})

const ON_POSTGRES = 'On PostgreSQL the server takes no backups: use your provider’s backups or pg_dump.'
const OWNER_ONLY = 'Only the inbox’s owner can take or download a backup.'
// One key for the whole inbox: the limit spares the disk and the CPU, whoever asks.
const RATE_KEY = 'backup:on-demand'
const WINDOW_MS = ON_DEMAND_BACKUP_MINUTES * 60 * 1000

export interface BackupRoutesOptions {
  db: Database
  backups: BackupService | undefined
  /** Whether the account manages the team (accounts/owner.ts): only the owner takes or downloads a backup. */
  isOwner: (accountId: number) => Promise<boolean>
}

/**
 * The account page's backups, under /api/admin (session checked; CSRF for the
 * POST). Everyone sees the list; taking one and downloading one are the
 * owner's, and audited: a backup holds every lead. Taking one is limited to
 * one per ON_DEMAND_BACKUP_MINUTES, counted in the database.
 */
export const backupRoutes: FastifyPluginAsyncZod<BackupRoutesOptions> = async (app, { db, backups, isOwner }) => {
  const hits = databaseHitCounter(db)
  const requireOwner = async (request: FastifyRequest) => {
    if (!(await isOwner(request.admin.accountId))) throw new ApiError(403, OWNER_ONLY)
  }

  app.get('/backups', async (request): Promise<BackupList> => {
    const canManage = await isOwner(request.admin.accountId)
    if (backups === undefined) return { enabled: false, canManage, backups: [] }
    return { enabled: true, canManage, backups: (await backups.list()).reverse().map(summary) }
  })

  app.post('/backups', async (request): Promise<BackupSummary> => {
    await requireOwner(request)
    if (backups === undefined) throw new ApiError(409, ON_POSTGRES)
    const { hits: count, ttlMs } = await hits.hit(RATE_KEY, WINDOW_MS)
    if (count > 1) {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
      throw new ApiError(
        429,
        `A backup can be taken once every ${ON_DEMAND_BACKUP_MINUTES} minutes: try again in ${Math.ceil(seconds / 60)} min, or download one of those listed.`,
        { headers: { 'retry-after': String(seconds) } },
      )
    }
    const backup = await backups.backUp('on-demand')
    await recordAudit(db, {
      actor: request.admin.email,
      action: 'backup.create',
      detail: { backup: backup.name, bytes: backup.bytes },
    })
    return summary(backup)
  })

  // Any name is read: only one the folder lists is ever answered.
  app.get('/backups/:name', { schema: { params: z.strictObject({ name: z.string() }) } }, async (request, reply) => {
    await requireOwner(request)
    if (backups === undefined) throw new ApiError(404, ON_POSTGRES)
    const { name } = request.params
    // Only a name the folder lists: never a path the request makes up.
    const backup = (await backups.list()).find((stored) => stored.name === name)
    if (backup === undefined) throw new ApiError(404, 'There is no such backup; it may have been pruned.')
    await recordAudit(db, { actor: request.admin.email, action: 'backup.download', detail: { backup: backup.name } })
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${backup.name}"`)
      .header('content-length', backup.bytes)
      .header('cache-control', 'no-store')
      .send(createReadStream(backup.path))
  })
}
