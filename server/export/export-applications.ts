import { parseArgs } from 'node:util'
import { applicationForm, type FormDefinition } from '../../common/application-form.ts'
import { ATTRIBUTION_FIELD, type CampaignParameter } from '../../common/attribution.ts'
import type { Queryable } from '../db/database.ts'
import { csvRecord } from './csv.ts'
import { exportPacer } from './export-pacer.ts'

const EXPORT_FORMATS = ['csv', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export interface ExportOptions {
  format: ExportFormat
  /** Only applications made at or after this time. */
  since: Date | undefined
  /** A file to write; stdout when undefined. */
  out: string | undefined
}

// The last touch's campaign in columns of its own, so a spreadsheet can sort and count leads by it.
const LAST_TOUCH_CAMPAIGN = ['utm_source', 'utm_medium', 'utm_campaign'] as const satisfies readonly CampaignParameter[]
const lastTouchColumn = (parameter: CampaignParameter) => `last_touch_${parameter}`

/**
 * The export's columns: what identifies an application and when it came, its
 * answers in the form's order, then where it came from. JSON holds the
 * attribution as stored; CSV puts the last touch's campaign in columns first
 * and the whole attribution as JSON text after them.
 */
export const exportColumns = (form: FormDefinition = applicationForm, format: ExportFormat = 'csv'): string[] => [
  'id',
  'submission_id',
  'created_at',
  ...form.map((field) => field.key),
  ...(format === 'csv' ? LAST_TOUCH_CAMPAIGN.map(lastTouchColumn) : []),
  ATTRIBUTION_FIELD,
]

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

export class UsageError extends Error {
  override name = 'UsageError'
}

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
  throw new UsageError(`--since must be a date like 2025-01-31 or an ISO 8601 time with a zone like 2025-01-31T09:00:00Z, not ${JSON.stringify(text)}`)
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

// Text, but the attribution: an object, or null.
type ExportRow = Record<string, unknown>

// Pages keep memory flat however many applications there are.
const PAGE_SIZE = 500

// Times as text with microseconds, in UTC, so both databases write them alike
// and a page's last time can be handed back exactly as the next page's cursor.
// The columns are qualified because the output names id and created_at are text.
const pageQuery = (form: FormDefinition) => `SELECT id::text AS id, submission_id::text AS submission_id,
    to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
    ${form.map((field) => field.key).join(', ')},
    ${LAST_TOUCH_CAMPAIGN.map((parameter) => `s.${ATTRIBUTION_FIELD} -> 'last_touch' ->> '${parameter}' AS ${lastTouchColumn(parameter)}`).join(', ')},
    s.${ATTRIBUTION_FIELD}
  FROM contact_submissions s
  WHERE NOT s.spam
    AND ($1::timestamptz IS NULL OR s.created_at >= $1::timestamptz)
    AND ($2::timestamptz IS NULL OR (s.created_at, s.id) > ($2::timestamptz, $3::bigint))
  ORDER BY s.created_at, s.id
  LIMIT ${PAGE_SIZE}`

async function* applications(db: Queryable, since: Date | undefined, form: FormDefinition): AsyncGenerator<ExportRow> {
  const query = pageQuery(form)
  let after: ExportRow | undefined
  for (;;) {
    const page = await db.query<ExportRow>(query, [since?.toISOString() ?? null, after?.created_at ?? null, after?.id ?? null])
    yield* page
    if (page.length < PAGE_SIZE) return
    after = page.at(-1)
  }
}

// Built in the columns' order rather than with a replacer list, which would
// also filter the keys inside the attribution.
const toJson = (row: ExportRow, columns: string[]) => {
  const id = Number(row.id)
  return JSON.stringify(
    Object.fromEntries(columns.map((column) => [column, column === 'id' && Number.isSafeInteger(id) ? id : (row[column] ?? null)])),
  )
}

const csvValue = (row: ExportRow, column: string) =>
  column === ATTRIBUTION_FIELD && row[column] != null ? JSON.stringify(row[column]) : row[column]

/**
 * Writes the applications in `format` through `write`, which should resolve once
 * the output can take more, letting the event loop turn after each chunk of
 * rows (export-pacer.ts). Resolves to the number of applications written.
 */
export async function exportApplications(
  db: Queryable,
  { format, since, form = applicationForm }: Pick<ExportOptions, 'format' | 'since'> & { form?: FormDefinition },
  write: (chunk: string) => Promise<void>,
): Promise<number> {
  const columns = exportColumns(form, format)
  const pacer = exportPacer()
  let count = 0
  if (format === 'csv') await write(csvRecord(columns))
  for await (const row of applications(db, since, form)) {
    const text =
      format === 'csv' ? csvRecord(columns.map((column) => csvValue(row, column))) : `${count === 0 ? '[\n' : ',\n'}${toJson(row, columns)}`
    await write(text)
    count++
    if (pacer.counts(text)) await pacer.turn()
  }
  if (format === 'json') await write(count === 0 ? '[]\n' : '\n]\n')
  return count
}
