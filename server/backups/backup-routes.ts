import { createReadStream } from 'node:fs'
import type { FastifyPluginAsync } from 'fastify'
import type { BackupList, BackupSummary } from '../../common/backup-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import type { BackupService } from './backup-service.ts'
import type { StoredBackup } from './backup-store.ts'

const summary = ({ name, createdAt, bytes }: StoredBackup): BackupSummary => ({ name, createdAt: createdAt.toISOString(), bytes })

const ON_POSTGRES = 'On PostgreSQL the server takes no backups: use your provider’s backups or pg_dump.'

/**
 * The account page's backups, under /api/admin (session checked; CSRF for the
 * POST). Taking one and downloading one are audited: a backup holds every lead.
 */
export const backupRoutes: FastifyPluginAsync<{ db: Database; backups: BackupService | undefined }> = async (app, { db, backups }) => {
  app.get('/backups', async (): Promise<BackupList> => {
    if (backups === undefined) return { enabled: false, backups: [] }
    return { enabled: true, backups: (await backups.list()).reverse().map(summary) }
  })

  app.post('/backups', async (request): Promise<BackupSummary> => {
    if (backups === undefined) throw new ApiError(409, ON_POSTGRES)
    const backup = await backups.backUp()
    await recordAudit(db, { actor: request.admin.email, action: 'backup.create', detail: { backup: backup.name, bytes: backup.bytes } })
    return summary(backup)
  })

  app.get('/backups/:name', async (request, reply) => {
    if (backups === undefined) throw new ApiError(404, ON_POSTGRES)
    const { name } = request.params as { name: string }
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
