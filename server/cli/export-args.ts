import { parseArgs } from 'node:util'
import { EXPORT_FORMATS } from '../../common/lead-list-api.ts'
import type { ExportChoice } from '../export/export-applications.ts'
import type { ExportFormat } from '../export/paged-export.ts'
import { UsageError } from './usage-error.ts'

export interface ExportOptions extends ExportChoice {
  /** A file to write; stdout when undefined. */
  out: string | undefined
}

export const USAGE = `Usage: npm run -s export -- --format csv|json [--since DATE] [--out FILE]

Writes every application, oldest first, from the database the server is
configured with (DATABASE_URL, else the embedded database in DATA_DIR; .env is
read as the server reads it). Spam (a filled honeypot) is left out. Without -s,
npm writes its own header to stdout ahead of the data; --out avoids that too.

  --format csv|json  CSV with a header row (RFC 4180, every field quoted; a
                     formula a spreadsheet could see at the start of a cell
                     gets a leading ') or a JSON array
  --since DATE       only applications made at or after DATE: 2025-01-31
                     (midnight UTC) or an ISO 8601 time like 2025-01-31T09:00:00Z
  --out FILE         write FILE (readable by its owner only) instead of stdout,
                     by way of FILE.partial, which must not exist yet
  --help             show this text

The embedded database can be opened by one process at a time: stop the server
before exporting from DATA_DIR, or read over HTTP with the service-role key
(GET /rest/v1/contact_submissions). PostgreSQL has no such limit.

Exit codes: 0 done, 1 the export failed, 2 bad arguments.`

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/

function parseSince(text: string): Date {
  const day = DATE.exec(text)
  if (day) {
    const date = new Date(`${text}T00:00:00Z`)
    // Date rolls 2025-02-30 over to March; a typo must not shift the range silently.
    if (!Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)) return date
  } else if (DATE_TIME.test(text)) {
    const date = new Date(text)
    if (!Number.isNaN(date.getTime())) return date
  }
  throw new UsageError(
    `--since must be a date like 2025-01-31 or an ISO 8601 time with a zone like 2025-01-31T09:00:00Z, not ${JSON.stringify(text)}`,
  )
}

function readOptions(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        format: { type: 'string' },
        since: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    // parseArgs explains unknown options and missing values well; keep its words.
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** Reads the command line; 'help' when asked for it. Throws UsageError for anything it cannot use. */
export function parseExportArgs(argv: readonly string[]): ExportOptions | 'help' {
  const values = readOptions(argv)
  if (values.help) return 'help'
  const format = values.format
  if (format === undefined) throw new UsageError('--format is required')
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be csv or json, not ${JSON.stringify(format)}`)
  }
  if (values.out === '') throw new UsageError('--out needs a file name')
  return {
    format: format as ExportFormat,
    since: values.since === undefined ? undefined : parseSince(values.since),
    out: values.out,
  }
}
