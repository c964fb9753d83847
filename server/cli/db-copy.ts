// `npm run db:copy -- --to TARGET [--from SOURCE]`: every row from one
// database (or backup) into another, new one. See USAGE.
import { performance } from 'node:perf_hooks'
import { loadConfigOrExit } from '../config.ts'
import { keepFilesPrivate } from '../db/private-files.ts'
import { printAfterRestoreSteps } from '../db-copy/backup-secrets.ts'
import { copyBetween, describeEndpoint, sourceEndpoint, targetEndpoint } from '../db-copy/copy-endpoints.ts'
import { USAGE, parseCopyArgs, type CopyCommand } from './copy-command.ts'
import { runCopyCommand } from './run-copy-command.ts'
import { UsageError } from './usage-error.ts'

// Before anything is written: the database, backups and exports are this user's alone.
keepFilesPrivate()

let command: CopyCommand | 'help'
try {
  command = parseCopyArgs(process.argv.slice(2))
} catch (error) {
  if (!(error instanceof UsageError)) throw error
  process.stderr.write(`${error.message}\n\n${USAGE}\n`)
  process.exit(2)
}
if (command === 'help') {
  process.stdout.write(`${USAGE}\n`)
} else {
  const started = performance.now()
  const from = sourceEndpoint(command.from ?? loadConfigOrExit().dataDir)
  const to = targetEndpoint(command.to)
  await runCopyCommand(
    (options) => copyBetween(from, to, options),
    (total, tables) =>
      `Copied and verified ${total} rows of ${tables} tables into ${describeEndpoint(to)} in ${(
        (performance.now() - started) /
        1000
      ).toFixed(1)} s.`,
    `Copying ${describeEndpoint(from)} into ${describeEndpoint(to)}…`,
  )
  if (process.exitCode === undefined) await printAfterRestoreSteps(from)
}
