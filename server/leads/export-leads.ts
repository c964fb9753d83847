import { applicationForm } from '../../common/application-form.ts'
import { ATTRIBUTION_FIELD, type Attribution } from '../../common/attribution.ts'
import type { EXPORT_FORMATS } from '../../common/admin-api.ts'
import { csvRecord } from '../export/csv.ts'
import { exportPacer } from '../export/export-pacer.ts'
import { exportColumns } from '../export/export-applications.ts'
import type { Queryable } from '../db/database.ts'
import type { LeadFilter } from './lead-filter.ts'
import { SUMMARY_COLUMNS, listLeadRows, type SummaryRow } from './list-leads.ts'

export type LeadExportFormat = (typeof EXPORT_FORMATS)[number]

interface ExportRow extends SummaryRow {
  submission_id: string
  attribution: Attribution | null
}

// Pages keep memory flat however many leads match. Small ones, as the embedded
// database runs each query on this thread and the server serves nothing else
// meanwhile: a page of 500 leads took it 30–60 ms, one of 100 about 5–13 ms.
// The extra queries cost an export of many leads up to a quarter more time.
const PAGE_SIZE = 100

const LAST_TOUCH_COLUMN = /^last_touch_(.+)$/

/**
 * The columns of the command-line export (npm run export), then the inbox's
 * own: where the lead stands and the source the list shows.
 */
export const leadExportColumns = (format: LeadExportFormat) => [...exportColumns(applicationForm, format), 'status', 'source']

function valueOf(row: ExportRow, column: string, format: LeadExportFormat): unknown {
  if (column === 'id') return Number(row.id)
  if (column === 'created_at') return row.received_at
  if (column === ATTRIBUTION_FIELD) return format === 'csv' && row.attribution !== null ? JSON.stringify(row.attribution) : row.attribution
  const parameter = LAST_TOUCH_COLUMN.exec(column)?.[1]
  if (parameter !== undefined) return (row.attribution?.last_touch as Record<string, string> | undefined)?.[parameter] ?? null
  return row[column] ?? null
}

/** One lead as a CSV record, or as a JSON object with what goes before it in the array. */
function rowText(row: ExportRow, columns: string[], format: LeadExportFormat, first: boolean): string {
  const values = columns.map((column) => valueOf(row, column, format))
  if (format === 'csv') return csvRecord(values)
  const json = JSON.stringify(Object.fromEntries(columns.map((column, index) => [column, values[index]])))
  return `${first ? '[\n' : ',\n'}${json}`
}

/**
 * Every lead of `filter`, newest first, as CSV (the command-line export's safe
 * writer: every field quoted, formulas neutralised) or a JSON array, in chunks,
 * letting the event loop turn after each (export/export-pacer.ts) and after each
 * page, whose query the embedded database runs on this thread.
 */
export async function* exportLeads(db: Queryable, filter: LeadFilter, format: LeadExportFormat): AsyncGenerator<string> {
  const columns = leadExportColumns(format)
  const select = `${SUMMARY_COLUMNS}, s.submission_id::text AS submission_id, s.attribution`
  if (format === 'csv') yield csvRecord(columns)
  const pacer = exportPacer()
  let count = 0
  let cursor: { receivedAt: string; id: string } | undefined
  for (;;) {
    const page = await listLeadRows<ExportRow>(db, filter, cursor, PAGE_SIZE, select)
    let chunk: string[] = []
    for (const row of page) {
      const text = rowText(row, columns, format, count++ === 0)
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
    const last = page.at(-1)
    if (page.length < PAGE_SIZE || last === undefined) break
    cursor = { receivedAt: last.received_at, id: last.id }
  }
  if (format === 'json') yield count === 0 ? '[]\n' : '\n]\n'
}
