import { CONTACT_FIELDS } from '../../common/application-form.ts'
import type { Queryable } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import {
  exportColumns,
  pagedExport,
  type ExportFormat,
  type ExportRow,
  type PageQuery,
  type PagedExportOptions,
} from '../export/paged-export.ts'
import type { LeadFilter } from './lead-filter.ts'
import { leadListSql } from './list-leads.ts'

// Pages keep memory flat however many leads match. Small ones, as the embedded
// database runs each query on this thread and the server serves nothing else
// meanwhile: a page of 500 leads took it 30–60 ms, one of 100 about 5–13 ms.
// The extra queries cost an export of many leads up to a quarter more time.
const PAGE_SIZE = 100

// Where the lead stands, the source the list shows, and its owner's email.
const INBOX_COLUMNS = ['status', 'source', 'owner']

/** The columns of the command-line export (npm run export), then the inbox's own. */
export const leadExportColumns = (format: ExportFormat) => exportColumns(undefined, format, INBOX_COLUMNS)

const SELECT = `s.id::text AS id, s.submission_id::text AS submission_id, ${utcText('s.created_at')} AS created_at,
  ${CONTACT_FIELDS.map((field) => `s.${field}`).join(', ')}, s.attribution,
  p.status, lead_source(s.attribution) AS source,
  (SELECT a.email FROM admin_accounts a WHERE a.id = p.owner) AS owner`

/** The leads of `filter` in the list's order, newest first, a page at a time. */
function leadPages(db: Queryable, filter: LeadFilter): PageQuery {
  return (after, limit) => {
    const { sql, params } = leadListSql(filter, after && { receivedAt: after.created_at, id: after.id }, limit, SELECT)
    return db.query<ExportRow>(sql, params)
  }
}

/** Every lead of `filter`, newest first, as the command-line export writes applications (guarded, times as stored, unless told). */
export const exportLeads = (
  db: Queryable,
  filter: LeadFilter,
  format: ExportFormat,
  writing: Pick<PagedExportOptions, 'guard' | 'formatTime'> = {},
) => pagedExport(leadPages(db, filter), { format, pageSize: PAGE_SIZE, extraColumns: INBOX_COLUMNS, ...writing })
