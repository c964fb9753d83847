import type { Queryable } from '../db/database.ts'
import { openBackupFile } from './backup-reader.ts'
import type { Endpoint } from './copy-endpoints.ts'
import { databaseSource, type LeftOut, type RowSource } from './row-source.ts'

/**
 * What a backup file leaves out (ADR 032): whatever signs someone in, or
 * would help to, and is made again without it. Sessions (with their CSRF
 * tokens), set-up links and backup codes are left out whole; an account
 * keeps its email, role and dates, but not its password hash or its TOTP
 * key. After a restore every account sets a password again (`npm run admin
 * -- reset-password`) and turns two-factor on again. The unsubscribe key
 * (site_keys) stays: the links already mailed carry its signatures.
 */
export const BACKUP_LEAVES_OUT: LeftOut = {
  tables: ['admin_sessions', 'admin_setup_tokens', 'admin_backup_codes'],
  columns: { admin_accounts: ['password_hash', 'totp_secret', 'totp_enabled_at', 'totp_last_step'] },
}

/** The rows a backup file holds: `databaseSource`'s, less BACKUP_LEAVES_OUT. */
export const backupRowSource = (db: Queryable, batchSize?: number): Promise<RowSource> =>
  databaseSource(db, batchSize, BACKUP_LEAVES_OUT)

/**
 * After a restore from a backup file that left the accounts' secrets out
 * (older files hold them), prints what to do before anyone signs in.
 */
export async function printAfterRestoreSteps(from: Endpoint): Promise<void> {
  if (from.kind !== 'backup') return
  const source = await openBackupFile(from.file)
  source.close()
  if (!source.header.leftOut?.columns.admin_accounts?.includes('password_hash')) return
  process.stdout
    .write(`The backup holds no passwords, two-factor keys, backup codes or sessions (docs/operations.md, Backups).
Before anyone signs in: npm run admin -- list, then npm run admin -- reset-password EMAIL for each account;
each then turns two-factor authentication on again on the inbox's Account page.
`)
}
