// `npm run db:copy -- --to postgres://… [--from DATA_DIR]`: moves the embedded
// database's rows into an empty PostgreSQL database. See USAGE.
import { performance } from 'node:perf_hooks'
import { loadConfigOrExit } from '../config.ts'
import { USAGE, parseCopyArgs, type CopyCommand } from '../db/copy-command.ts'
import { CopyError, copyDatabase } from '../db/copy-database.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'
import type { Database } from '../db/database.ts'
import { migrate } from '../db/migrate.ts'
import { openCliDatabase } from '../db/open-cli-database.ts'
import { describeDatabase } from '../db/open-database.ts'
import { MAINTENANCE_POOL, openPostgres } from '../db/postgres.ts'
import { UsageError } from '../usage-error.ts'

const fail = (message: string, code: number): never => {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function main(argv: readonly string[]) {
  let command: CopyCommand | 'help'
  try {
    command = parseCopyArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message}\n\n${USAGE}`, 2)
    throw error
  }
  if (command === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return
  }

  const started = performance.now()
  const config = loadConfigOrExit()
  // The source is always the embedded database, whatever DATABASE_URL says.
  const from = { ...config, dataDir: command.from ?? config.dataDir, databaseUrl: undefined }
  const to = describeDatabase({ databaseUrl: command.to, dataDir: from.dataDir })
  const source = await openCliDatabase(from).catch((error: unknown) => {
    if (error instanceof Error && error.cause instanceof DataDirInUseError) {
      return fail(
        `The embedded database cannot be copied while a server runs on it: stop the server, then run this again.\n${error.message}`,
        1,
      )
    }
    return fail(messageOf(error), 1)
  })

  // A signal ends the copy at its next batch, which rolls the target back.
  const abort = new AbortController()
  const stop = () => abort.abort()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  let target: Database | undefined
  try {
    // The server would bring the source up to date at its next start; the copy needs it now.
    await migrate(source)
    target = openPostgres(command.to, MAINTENANCE_POOL)
    await migrate(target).catch((error: unknown) => {
      throw new Error(`Could not prepare ${to}: ${messageOf(error)}`, { cause: error })
    })
    const tables = await copyDatabase(source, target, {
      signal: abort.signal,
      onTable: (table, rows) => process.stdout.write(`${table.padEnd(24)} ${String(rows).padStart(9)} rows\n`),
    })
    const total = tables.reduce((sum, table) => sum + table.rows, 0)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    process.stdout.write(`Copied and verified ${total} rows of ${tables.length} tables into ${to} in ${seconds} s.\n`)
  } catch (error) {
    // A CopyError says what became of the target; anything else ended the transaction before its commit.
    const after = error instanceof CopyError ? '' : '\nThe target holds none of the copied rows.'
    process.stderr.write(`Copy failed: ${messageOf(error)}${after}\n`)
    process.exitCode = 1
  } finally {
    await target?.close()
    await source.close()
  }
}

await main(process.argv.slice(2))
