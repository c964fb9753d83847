import { applicationForm, type FormDefinition } from '../../common/application-form.ts'
import { ATTRIBUTION_FIELD, type Attribution, type CampaignParameter } from '../../common/attribution.ts'
import type { EXPORT_FORMATS } from '../../common/lead-list-api.ts'
import type { Row } from '../db/database.ts'
import { csvRecord, plainCsvRecord } from './csv.ts'
import { exportPacer } from './export-pacer.ts'

export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/**
 * An application as a page query selects it: each export column under its own
 * name (the id as text, times as text in UTC), and the attribution as stored.
 */
export interface ExportRow extends Row {
  id: string
  created_at: string
  attribution: Attribution | null
}

/**
 * The at most `limit` rows that follow `after`, the last row of the page before
 * (undefined for the first page), in the export's order: keyset paging, so a
 * row added meanwhile shifts nothing.
 */
export type PageQuery = (after: ExportRow | undefined, limit: number) => Promise<ExportRow[]>

// The last touch's campaign in columns of its own, so a spreadsheet can sort and count leads by it.
const LAST_TOUCH_CAMPAIGN = ['utm_source', 'utm_medium', 'utm_campaign'] as const satisfies readonly CampaignParameter[]
const LAST_TOUCH_COLUMNS = new Map(LAST_TOUCH_CAMPAIGN.map((parameter) => [`last_touch_${parameter}`, parameter]))

/**
 * The export's columns: what identifies an application and when it came, its
 * answers in the form's order, then where it came from. JSON holds the
 * attribution as stored; CSV puts the last touch's campaign in columns first
 * and the whole attribution as JSON text after them. `extra` columns follow.
 */
export const exportColumns = (
  form: FormDefinition = applicationForm,
  format: ExportFormat = 'csv',
  extra: readonly string[] = [],
): string[] => [
  'id',
  'submission_id',
  'created_at',
  ...form.map((field) => field.key),
  ...(format === 'csv' ? LAST_TOUCH_COLUMNS.keys() : []),
  ATTRIBUTION_FIELD,
  ...extra,
]

function csvValue(row: ExportRow, column: string): unknown {
  if (column === ATTRIBUTION_FIELD) return row.attribution == null ? row.attribution : JSON.stringify(row.attribution)
  const parameter = LAST_TOUCH_COLUMNS.get(column)
  return parameter === undefined ? row[column] : row.attribution?.last_touch?.[parameter]
}

// Built in the columns' order rather than with a replacer list, which would
// also filter the keys inside the attribution. An id past 2^53 stays text
// rather than turn into another number.
function jsonObject(row: ExportRow, columns: readonly string[]): string {
  const id = Number(row.id)
  return JSON.stringify(
    Object.fromEntries(
      columns.map((column) => [column, column === 'id' && Number.isSafeInteger(id) ? id : (row[column] ?? null)]),
    ),
  )
}

export interface PagedExportOptions {
  format: ExportFormat
  /** Rows a page query reads at a time; pages keep memory flat however many rows there are. */
  pageSize: number
  form?: FormDefinition
  /** Columns after the export's own, each read from the row under its name. */
  extraColumns?: readonly string[]
  /** False for plain CSV values, without the formula guard (for a CRM's import). */
  guard?: boolean
  /** How `created_at` is written; as the page query read it when not given. */
  formatTime?: (utc: string) => string
}

/**
 * Every row `pageAfter` reads, page by page, as CSV (a header, then every field
 * quoted and formulas neutralised: csv.ts) or a JSON array, in chunks. After
 * each chunk and each page the event loop turns (export-pacer.ts), as the
 * embedded database runs its queries on this thread and a server answers
 * nothing else meanwhile. Returns the number of rows written.
 */
export async function* pagedExport(
  pageAfter: PageQuery,
  { format, pageSize, form = applicationForm, extraColumns = [], guard = true, formatTime }: PagedExportOptions,
): AsyncGenerator<string, number> {
  const columns = exportColumns(form, format, extraColumns)
  if (format === 'csv') yield csvRecord(columns)
  const record = guard ? csvRecord : plainCsvRecord
  // The row itself keeps the query's time: the next page starts after it.
  const shown =
    formatTime === undefined
      ? (row: ExportRow) => row
      : (row: ExportRow) => ({ ...row, created_at: formatTime(row.created_at) })
  const pacer = exportPacer()
  let count = 0
  let after: ExportRow | undefined
  for (;;) {
    const page = await pageAfter(after, pageSize)
    let chunk: string[] = []
    for (const read of page) {
      const row = shown(read)
      const text =
        format === 'csv'
          ? record(columns.map((column) => csvValue(row, column)))
          : `${count === 0 ? '[\n' : ',\n'}${jsonObject(row, columns)}`
      count++
      chunk.push(text)
      if (pacer.counts(text)) {
        yield chunk.join('')
        chunk = []
        await pacer.turn()
      }
    }
    if (chunk.length > 0) {
      yield chunk.join('')
      await pacer.turn()
    }
    after = page.at(-1)
    if (page.length < pageSize || after === undefined) break
  }
  if (format === 'json') yield count === 0 ? '[]\n' : '\n]\n'
  return count
}
