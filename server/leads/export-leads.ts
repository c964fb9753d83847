import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { fromMinorUnits } from '../../common/money.ts'
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

// Where the lead stands and the source the list shows; then its outcome, the latest entered (ADR 040).
const OUTCOME_COLUMNS = ['outcome', 'amount', 'currency', 'lost_reason']
const INBOX_COLUMNS = ['status', 'source', ...OUTCOME_COLUMNS]

/** The columns of the command-line export (npm run export), then the inbox's own. */
export const leadExportColumns = (format: ExportFormat) => exportColumns(undefined, format, INBOX_COLUMNS)

const SELECT = `s.id::text AS id, s.submission_id::text AS submission_id, ${utcText('s.created_at')} AS created_at,
  ${CONTACT_FIELDS.map((field) => `s.${field}`).join(', ')}, s.attribution,
  p.status, lead_source(s.attribution) AS source,
  (SELECT json_build_object('outcome', o.outcome, 'amount_minor', o.amount_minor::text, 'currency', o.currency,
      'lost_reason', o.lost_reason)::text
    FROM lead_outcomes o WHERE o.application_id = s.id ORDER BY o.id DESC LIMIT 1) AS last_outcome`

interface LastOutcome {
  outcome: string
  amount_minor: string | null
  currency: string | null
  lost_reason: string | null
}

/** The lead's latest outcome as its four columns; the amount exact, in the currency's decimals. */
function withOutcome({ last_outcome: last, ...row }: ExportRow): ExportRow {
  const outcome = typeof last === 'string' ? (JSON.parse(last) as LastOutcome) : undefined
  return {
    ...row,
    outcome: outcome?.outcome ?? null,
    amount:
      outcome?.amount_minor == null || outcome.currency === null
        ? null
        : fromMinorUnits(outcome.amount_minor, outcome.currency),
    currency: outcome?.currency ?? null,
    lost_reason: outcome?.lost_reason ?? null,
  }
}

/** The leads of `filter` in the list's order, newest first, a page at a time. */
function leadPages(db: Queryable, filter: LeadFilter): PageQuery {
  return async (after, limit) => {
    const { sql, params } = leadListSql(filter, after && { receivedAt: after.created_at, id: after.id }, limit, SELECT)
    return (await db.query<ExportRow>(sql, params)).map(withOutcome)
  }
}

/** Every lead of `filter`, newest first, as the command-line export writes applications (guarded, times as stored, unless told). */
export const exportLeads = (
  db: Queryable,
  filter: LeadFilter,
  format: ExportFormat,
  writing: Pick<PagedExportOptions, 'guard' | 'formatTime'> = {},
) => pagedExport(leadPages(db, filter), { format, pageSize: PAGE_SIZE, extraColumns: INBOX_COLUMNS, ...writing })
