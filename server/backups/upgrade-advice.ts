import type { Config } from '../config.ts'
import type { DataDirVersionError } from '../db/data-dir-version.ts'
import { listBackups } from './backup-store.ts'

/**
 * What to do when this version cannot open the data directory: restore the
 * newest backup, which holds rows rather than files, so this version reads it.
 */
export async function upgradeAdvice(error: DataDirVersionError, config: Pick<Config, 'backups'>): Promise<string> {
  const newest = (await listBackups(config.backups.dir)).at(-1)
  const steps = newest
    ? [
        `Restore your newest backup, ${newest.path} (taken ${newest.createdAt.toISOString()}), with this version:`,
        `  1. move ${error.dataDir} aside (keep it until the restore is checked);`,
        `  2. npm run db:restore -- ${newest.path}`,
        `  3. start the server again.`,
      ]
    : [
        `There is no backup in ${config.backups.dir}. With the version that wrote the directory, make one`,
        `(npm run db:backup -- --out FILE), then, with this version, move ${error.dataDir} aside and run`,
        `npm run db:restore -- FILE.`,
      ]
  return [error.message, ...steps].join('\n')
}
