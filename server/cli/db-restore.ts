// `npm run db:restore -- FILE`: a backup into an empty DATA_DIR.
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { loadConfigOrExit } from '../config.ts'
import { keepFilesPrivate } from '../db/private-files.ts'
import { printAfterRestoreSteps } from '../db-copy/backup-secrets.ts'
import { copyBetween, describeEndpoint } from '../db-copy/copy-endpoints.ts'
import { runCopyCommand } from './run-copy-command.ts'

// Before anything is written: the database, backups and exports are this user's alone.
keepFilesPrivate()

const USAGE = `Usage: npm run db:restore -- FILE

Restores a backup (BACKUP_DIR's, db:backup's, or the inbox's download) into
DATA_DIR, which must not exist or be empty. The file is checked first (its
.sha256 beside it, if there is one, and every table's count and checksum);
a damaged or truncated file is refused and nothing is written.
Then start the server as usual.

Exit codes: 0 restored, 1 refused or failed (DATA_DIR unchanged), 2 bad arguments.`

let file: string | undefined
try {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  if (positionals.length !== 1) throw new Error('Name one backup file')
  file = positionals[0]
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`)
  process.exit(2)
}
const started = performance.now()
const to = { kind: 'embedded' as const, dir: loadConfigOrExit().dataDir }
const from = { kind: 'backup' as const, file: file ?? '' }
await runCopyCommand(
  (options) => copyBetween(from, to, options),
  (total, tables) =>
    `Restored ${total} rows of ${tables} tables from ${describeEndpoint(from)} into ${describeEndpoint(to)} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  `Restoring ${describeEndpoint(from)} into ${describeEndpoint(to)}…`,
)
if (process.exitCode === undefined) await printAfterRestoreSteps(from)
