import { CONTACT_FIELDS } from '../../common/application-form.ts'
import type { LeadBookingSummary } from '../../common/booking-api.ts'
import type { LeadAnswers, LeadSummary } from '../../common/lead-list-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import type { Queryable, Row } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { needsOutcomeSql } from '../lead-lifecycle/chase.ts'
import { ownerColumns, ownerOf } from '../lead-lifecycle/owner-change.ts'
import type { Cursor } from './cursor.ts'
import { APPLIED_AGAIN_COLUMN } from './duplicates.ts'
import { filterSql, type LeadFilter } from './lead-filter.ts'

/**
 * The lead's call, as JSON text: the booking still on (not cancelled) with the
 * latest start, else the latest cancelled one; null without a booking. One
 * probe of bookings_application_idx per row.
 */
export const CURRENT_BOOKING = `(SELECT json_build_object('state', b.state, 'startsAt', ${utcText('b.starts_at')})::text
    FROM bookings b WHERE b.application_id = s.id
    ORDER BY b.state = 'canceled', b.starts_at DESC NULLS LAST, b.id DESC LIMIT 1)`

/** Why a lead to chase (or lost) is so: the reason of its latest status change. Read for those leads only. */
const STATUS_REASON = `CASE WHEN p.status IN ('to_chase', 'lost') THEN (SELECT c.reason FROM lead_status_changes c
    WHERE c.application_id = s.id ORDER BY c.at DESC, c.id DESC LIMIT 1) END`

/** What a summary reads from contact_submissions `s` and lead_pipeline `p`. */
export const SUMMARY_COLUMNS = `s.id::text AS id, ${utcText('s.created_at')} AS received_at,
  ${CONTACT_FIELDS.map((field) => `s.${field}`).join(', ')},
  lead_source(s.attribution) AS source, p.status, ${CURRENT_BOOKING} AS booking, ${STATUS_REASON} AS status_reason,
  p.status = 'booked' AND ${needsOutcomeSql('s.id')} AS needs_outcome, ${APPLIED_AGAIN_COLUMN} AS applied_again, ${ownerColumns('p')}`

export interface SummaryRow extends Row {
  id: string
  received_at: string
  source: string | null
  status: LeadStatus
  booking: string | null
  applied_again: boolean
  status_reason: string | null
  needs_outcome: boolean
  owner_id: string | null
  owner_email: string | null
  /** Present when the statement asked for the account's "New" marker (newMarkColumn). */
  is_new?: boolean
}

export const toSummary = (row: SummaryRow): LeadSummary => ({
  id: Number(row.id),
  receivedAt: row.received_at,
  answers: Object.fromEntries(CONTACT_FIELDS.map((field) => [field, String(row[field])])) as LeadAnswers,
  source: row.source,
  status: row.status,
  booking: row.booking === null ? null : (JSON.parse(row.booking) as LeadBookingSummary),
  statusReason: row.status_reason,
  needsOutcome: row.needs_outcome,
  // The account's own: read only when the statement asked for it (lead-opened.ts), as only the routes know who asks.
  isNew: row.is_new === true,
  appliedAgain: row.applied_again,
  owner: ownerOf(row),
})

/**
 * The statement listing leads matching `filter` after `cursor` (newest first),
 * `limit` of them: keyset paging on (time, id), so a lead arriving between two
 * pages shifts nothing, and each page costs the same however deep it is.
 * `backwards` walks the same order the other way, from `cursor` towards the
 * top of the list (nearest first): the lead before one in the list.
 */
export function leadListSql(
  filter: LeadFilter,
  cursor: Cursor | undefined,
  limit: number,
  select = SUMMARY_COLUMNS,
  backwards = false,
) {
  const { where, params, time, id } = filterSql(filter, 1)
  const [beyond, order] = backwards ? ['>', 'ASC'] : ['<', 'DESC']
  const after =
    cursor === undefined
      ? ''
      : ` AND (${time}, ${id}) ${beyond} ($${params.length + 1}::timestamptz, $${params.length + 2}::bigint)`
  if (cursor !== undefined) params.push(cursor.receivedAt, cursor.id)
  params.push(limit)
  const sql = `SELECT ${select}
     FROM contact_submissions s JOIN lead_pipeline p ON p.application_id = s.id
     WHERE ${where}${after}
     ORDER BY ${time} ${order}, ${id} ${order}
     LIMIT $${params.length}`
  return { sql, params }
}

export async function listLeadRows<T extends SummaryRow = SummaryRow>(
  db: Queryable,
  filter: LeadFilter,
  cursor: Cursor | undefined,
  limit: number,
  select = SUMMARY_COLUMNS,
): Promise<T[]> {
  const { sql, params } = leadListSql(filter, cursor, limit, select)
  return db.query<T>(sql, params)
}
