import { DataDirInUseError } from '../db/data-dir-lock.ts'
import { CopyError, type CopiedTable, type CopyOptions } from '../db-copy/copy-database.ts'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The shell of db:copy and db:restore: a signal ends the copy at its next
 * piece of the file or batch of rows (which rolls the target back), each table is printed as it is
 * copied, and a failure is one message and exit code 1.
 */
export async function runCopyCommand(
  copy: (options: CopyOptions) => Promise<CopiedTable[]>,
  done: (total: number, tables: number) => string,
  starting: string,
): Promise<void> {
  const abort = new AbortController()
  const stop = () => abort.abort()
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  // Said once a signal is heard: from here on it stops the copy, and the target is left as it was.
  process.stdout.write(`${starting}\n`)
  try {
    const tables = await copy({
      signal: abort.signal,
      onTable: (table, rows) => process.stdout.write(`${table.padEnd(24)} ${String(rows).padStart(9)} rows\n`),
    })
    process.stdout.write(
      `${done(
        tables.reduce((sum, table) => sum + table.rows, 0),
        tables.length,
      )}\n`,
    )
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(
        `The embedded database cannot be copied while a server runs on it: stop the server, then run this again.\n${error.message}\n`,
      )
    } else {
      // A CopyError says what became of the target; anything else ended its transaction before the commit.
      const after = error instanceof CopyError ? '' : '\nThe target holds none of the copied rows.'
      process.stderr.write(`Copy failed: ${messageOf(error)}${after}\n`)
    }
    process.exitCode = 1
  } finally {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
  }
}
