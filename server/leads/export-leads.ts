import { CONTACT_FIELDS } from '../../common/application-form.ts'
import type { LeadBookingSummary } from '../../common/booking-api.ts'
import { LEAD_STATUSES } from '../../common/lead-status.ts'
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
import { CURRENT_BOOKING, leadListSql } from './list-leads.ts'

// Pages keep memory flat however many leads match. Small ones, as the embedded
// database runs each query on this thread and the server serves nothing else
// meanwhile: a page of 500 leads took it 30–60 ms, one of 100 about 5–13 ms.
// The extra queries cost an export of many leads up to a quarter more time.
const PAGE_SIZE = 100

/** `contacted_at`…: when the lead last reached each status, empty for one it never reached. */
const STATUS_DATE_COLUMNS = LEAD_STATUSES.map((status) => `${status}_at`)

// Its outcome, the latest entered (ADR 040).
const OUTCOME_COLUMNS = ['outcome', 'amount', 'currency', 'lost_reason']

// Where the lead stands, the source the list shows and its owner's email; what a CRM's import takes besides: when
// it reached each status, its call (the one the list shows: its time and state), its outcome and its notes.
const INBOX_COLUMNS = [
  'status',
  'source',
  'owner',
  ...STATUS_DATE_COLUMNS,
  'call_at',
  'call_state',
  ...OUTCOME_COLUMNS,
  'notes',
]

/** The columns of the command-line export (npm run export), then the inbox's own. */
export const leadExportColumns = (format: ExportFormat) => exportColumns(undefined, format, INBOX_COLUMNS)

// Each a probe of lead_status_changes_application_idx or lead_notes_application_idx per lead.
const statusDate = (status: string) => `(SELECT ${utcText('max(c.at)')} FROM lead_status_changes c
    WHERE c.application_id = s.id AND c.to_status = '${status}') AS ${status}_at`
const NOTES = `(SELECT json_agg(json_build_object('at', ${utcText('n.at')}, 'author', n.author, 'body', n.body)
    ORDER BY n.at, n.id)::text FROM lead_notes n WHERE n.application_id = s.id) AS notes`

const SELECT = `s.id::text AS id, s.submission_id::text AS submission_id, ${utcText('s.created_at')} AS created_at,
  ${CONTACT_FIELDS.map((field) => `s.${field}`).join(', ')}, s.attribution,
  p.status, lead_source(s.attribution) AS source, (SELECT a.email FROM admin_accounts a WHERE a.id = p.owner) AS owner,
  ${LEAD_STATUSES.map(statusDate).join(', ')},
  ${CURRENT_BOOKING} AS booking, ${NOTES},
  (SELECT json_build_object('outcome', o.outcome, 'amount_minor', o.amount_minor::text, 'currency', o.currency,
      'lost_reason', o.lost_reason)::text
    FROM lead_outcomes o WHERE o.application_id = s.id ORDER BY o.id DESC LIMIT 1) AS last_outcome`

interface NoteLine {
  at: string
  author: string
  body: string
}

type TimeWriter = (utc: string) => string

/** A row as read, with its times written as `created_at` is, its call in two columns and its notes as one text, oldest first. */
function crmColumns(row: ExportRow, formatTime: TimeWriter): ExportRow {
  const { booking, notes, ...rest } = row
  const call = typeof booking === 'string' ? (JSON.parse(booking) as LeadBookingSummary) : null
  const lines = typeof notes === 'string' ? (JSON.parse(notes) as NoteLine[]) : []
  const time = (value: unknown) => (typeof value === 'string' ? formatTime(value) : null)
  return {
    ...rest,
    ...Object.fromEntries(STATUS_DATE_COLUMNS.map((column) => [column, time(row[column])])),
    call_at: time(call?.startsAt),
    call_state: call?.state ?? null,
    notes: lines.length
      ? lines.map((note) => `${formatTime(note.at)} ${note.author}: ${note.body}`).join('\n\n')
      : null,
  }
}

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
function leadPages(db: Queryable, filter: LeadFilter, formatTime: TimeWriter): PageQuery {
  return async (after, limit) => {
    const { sql, params } = leadListSql(filter, after && { receivedAt: after.created_at, id: after.id }, limit, SELECT)
    // created_at stays as read: the export writes it, and the next page starts after it.
    return (await db.query<ExportRow>(sql, params)).map((row) => withOutcome(crmColumns(row, formatTime)))
  }
}

/** Every lead of `filter`, newest first, as the command-line export writes applications (guarded, times as stored, unless told). */
export const exportLeads = (
  db: Queryable,
  filter: LeadFilter,
  format: ExportFormat,
  writing: Pick<PagedExportOptions, 'guard' | 'formatTime'> = {},
) =>
  pagedExport(leadPages(db, filter, writing.formatTime ?? ((utc) => utc)), {
    format,
    pageSize: PAGE_SIZE,
    extraColumns: INBOX_COLUMNS,
    ...writing,
  })
