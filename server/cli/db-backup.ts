// `npm run db:backup -- --out FILE`: a backup of the embedded database while no server runs on it.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfigOrExit } from '../config.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'
import { migrate } from '../db/migrate.ts'
import { openPglite } from '../db/pglite.ts'
import { keepFilesPrivate } from '../db/private-files.ts'
import { writeBackupFile } from '../db-copy/backup-file.ts'
import { backupRowSource } from '../db-copy/backup-secrets.ts'

// Before anything is written: the database, backups and exports are this user's alone.
keepFilesPrivate()

const USAGE = `Usage: npm run db:backup -- --out FILE

Writes a backup of the embedded database in DATA_DIR to FILE (and FILE.sha256),
in the format of the server's own backups (BACKUP_DIR), for db:restore or
db:copy --from FILE. The server must be stopped: while it runs, it takes
backups itself, and the inbox's account page downloads one.

Exit codes: 0 written, 1 failed (no FILE), 2 bad arguments.`

const fail = (message: string, code: number): never => {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

let out = ''
try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  if (!values.out) throw new Error('--out is required')
  out = resolve(values.out)
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`, 2)
}
if (existsSync(out)) fail(`${out} exists already: name a new file`, 1)
const { dataDir } = loadConfigOrExit()
if (!existsSync(resolve(dataDir, 'PG_VERSION')))
  fail(`There is no embedded database in ${dataDir}: set DATA_DIR as for the server`, 1)
const db = await openPglite(dataDir).catch((error: unknown) =>
  fail(
    error instanceof DataDirInUseError
      ? `The server is running on ${dataDir}: it takes backups itself (BACKUP_DIR), or stop it first.\n${error.message}`
      : `Could not open ${dataDir}: ${error instanceof Error ? error.message : String(error)}`,
    1,
  ),
)
try {
  await migrate(db)
  const written = await writeBackupFile(await backupRowSource(db), out)
  const rows = written.tables.reduce((sum, table) => sum + table.rows, 0)
  process.stdout.write(
    `Wrote ${rows} rows of ${written.tables.length} tables to ${out} (${written.bytes} bytes, sha256 ${written.sha256}).\n`,
  )
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
} finally {
  await db.close()
}
