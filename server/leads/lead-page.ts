import { LEAD_PAGE_SIZE, leadOrderOf, type LeadCount, type LeadPage } from '../../common/lead-list-api.ts'
import type { Queryable } from '../db/database.ts'
import { encodeListCursor, type ListCursor } from './cursor.ts'
import type { LeadQuery } from './lead-filter.ts'
import { newMarkColumn } from './lead-opened.ts'
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './list-leads.ts'
import { countCapOf, leadCountSql } from './list-sort.ts'
import { sortedListRows } from './sorted-rows.ts'

interface SortedRow extends SummaryRow {
  sort_name?: string
  sort_call?: string
}

/** Where the page ending with `row` ended, in its sort. */
function cursorAfter(row: SortedRow, { sort, filter }: LeadQuery): ListCursor {
  if (leadOrderOf(filter.booking, sort) === 'call') return { sort: 'call', startsAt: row.sort_call ?? '', id: row.id }
  if (sort === 'name') return { sort, name: row.sort_name ?? '', id: row.id }
  if (sort === 'status') return { sort, status: row.status, receivedAt: row.received_at, id: row.id }
  return { sort, receivedAt: row.received_at, id: row.id }
}

/**
 * One page of the list in its sort, with the cursor of the next when there is
 * one; with `accountId`, each lead's "New" marker for that account, read in
 * the same statement (one probe of lead_unopened's key per row).
 */
export async function listLeads(
  db: Queryable,
  query: LeadQuery,
  { pageSize = LEAD_PAGE_SIZE, accountId }: { pageSize?: number; accountId?: number } = {},
): Promise<LeadPage> {
  const select = accountId === undefined ? SUMMARY_COLUMNS : `${SUMMARY_COLUMNS}, ${newMarkColumn(accountId)}`
  const rows = await sortedListRows<SortedRow>(db, query.filter, query.sort, query.cursor, pageSize + 1, { select })
  // One more than a page tells whether another follows.
  const page = rows.slice(0, pageSize)
  const last = page.at(-1)
  return {
    leads: page.map(toSummary),
    ...(rows.length > pageSize && last ? { nextCursor: encodeListCursor(cursorAfter(last, query)) } : {}),
  }
}

/**
 * How many leads the filter matches, up to its cap (countCapOf): a request of its
 * own (GET /leads/count), so the page's rows never wait for it. A lead
 * arriving between the two reads leaves them one apart until the next.
 */
export async function countLeads(db: Queryable, query: LeadQuery): Promise<LeadCount> {
  const count = leadCountSql(query.filter)
  const [row] = await db.query<{ total: number }>(count.sql, count.params)
  const total = Number(row?.total ?? 0)
  const cap = countCapOf(query.filter)
  return { total: Math.min(total, cap), totalCapped: total > cap }
}
