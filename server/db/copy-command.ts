import { parseArgs } from 'node:util'
import { UsageError } from '../usage-error.ts'

export interface CopyCommand {
  /** The PostgreSQL database to fill. */
  to: string
  /** The embedded database's data directory; DATA_DIR when undefined. */
  from: string | undefined
}

export const USAGE = `Usage: npm run db:copy -- --to postgres://USER:PASSWORD@HOST:PORT/DATABASE [--from DATA_DIR]

Copies every row of the embedded database into an empty PostgreSQL 15+
database, for moving the server to DATABASE_URL.
The target's schema is brought up to date first; then the rows are copied,
counted and compared in one transaction, which leaves the target empty if
anything fails or the copy is interrupted.

  --to URL        the PostgreSQL database to fill; none of our tables may
                  hold rows yet
  --from DIR      the embedded database's directory (default: DATA_DIR, read
                  from the environment or .env as the server reads it)
  --help          show this text

The embedded database can be opened by one process at a time: stop the server
first, and start it with DATABASE_URL once the copy is done.

Exit codes: 0 copied, 1 the copy failed (the target is unchanged), 2 bad arguments.`

/** Reads the command line; 'help' when asked for it. Throws UsageError for anything it cannot use. */
export function parseCopyArgs(argv: readonly string[]): CopyCommand | 'help' {
  let values: { to?: string; from?: string; help?: boolean }
  try {
    values = parseArgs({
      args: [...argv],
      options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    // parseArgs explains unknown options and missing values well; keep its words.
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (values.help) return 'help'
  if (values.to === undefined) throw new UsageError('--to is required')
  if (values.from === '') throw new UsageError('--from needs a directory')
  let url: URL | undefined
  try {
    url = new URL(values.to)
  } catch {
    // The text may hold a password: it is never repeated.
  }
  if (url === undefined || !['postgres:', 'postgresql:'].includes(url.protocol)) {
    throw new UsageError('--to must be a URL like postgres://user:password@host:5432/database')
  }
  return { to: values.to, from: values.from }
}
