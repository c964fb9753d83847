import { parseArgs } from 'node:util'
import { UsageError } from './usage-error.ts'

export interface CopyCommand {
  /** A PostgreSQL URL or a data directory to create. */
  to: string
  /** A PostgreSQL URL, a data directory or a backup file; DATA_DIR when undefined. */
  from: string | undefined
}

export const USAGE = `Usage: npm run db:copy -- --to TARGET [--from SOURCE]

Copies every row of one database into another, new one: the embedded
database into PostgreSQL 15+ (to move the server to DATABASE_URL), a backup
into PostgreSQL, or PostgreSQL into a new embedded data directory (to look at
production data locally).
The target's schema is brought up to the source's first; then the rows are
copied, counted and compared, and the target is left empty if anything fails
or the copy is interrupted. Then the target gets the rest of the migrations.

  --to TARGET     postgres://USER:PASSWORD@HOST:PORT/DATABASE, none of whose
                  tables may hold rows yet; or a data directory that does not
                  exist or is empty
  --from SOURCE   a data directory (default: DATA_DIR, read from the
                  environment or .env as the server reads it), a backup file
                  (db:backup, BACKUP_DIR, the inbox's download), or a
                  postgres:// URL (read in one snapshot, so a running server
                  may go on)
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
  if (values.to === undefined || values.to === '') throw new UsageError('--to is required')
  if (values.from === '') throw new UsageError('--from needs a directory, a backup file or a URL')
  if (isPostgresUrlLike(values.to) && !validPostgresUrl(values.to)) {
    // The text may hold a password: it is never repeated.
    throw new UsageError('--to must be a URL like postgres://user:password@host:5432/database, or a directory')
  }
  return { to: values.to, from: values.from }
}

const isPostgresUrlLike = (text: string) => /^[a-z]+:\/\//i.test(text)
function validPostgresUrl(text: string) {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}
