import { LEAD_PAGE_SIZE, type LeadPage } from '../../common/admin-api.ts'
import { LEAD_COUNT_CAP } from '../../common/lead-list-api.ts'
import type { Queryable } from '../db/database.ts'
import { encodeListCursor, type ListCursor } from './cursor.ts'
import type { LeadQuery } from './lead-filter.ts'
import { toSummary, type SummaryRow } from './list-leads.ts'
import { leadCountSql, sortedListSql } from './list-sort.ts'

interface SortedRow extends SummaryRow {
  sort_name?: string
}

/** Where the page ending with `row` ended, in its sort. */
function cursorAfter(row: SortedRow, { sort }: LeadQuery): ListCursor {
  if (sort === 'name') return { sort, name: row.sort_name ?? '', id: row.id }
  if (sort === 'status') return { sort, status: row.status, receivedAt: row.received_at, id: row.id }
  return { sort, receivedAt: row.received_at, id: row.id }
}

/**
 * One page of the list in its sort, with the cursor of the next when there is
 * one, and how many leads the filter matches (up to LEAD_COUNT_CAP). The page
 * and the count are two statements: a lead arriving between them can leave the
 * count one off until the next read.
 */
export async function listLeads(db: Queryable, query: LeadQuery, pageSize = LEAD_PAGE_SIZE): Promise<LeadPage> {
  const list = sortedListSql(query.filter, query.sort, query.cursor, pageSize + 1)
  const count = leadCountSql(query.filter)
  const [rows, counted] = await Promise.all([
    db.query<SortedRow>(list.sql, list.params),
    db.query<{ total: number }>(count.sql, count.params),
  ])
  // One more than a page tells whether another follows.
  const page = rows.slice(0, pageSize)
  const last = page.at(-1)
  const total = Number(counted[0]?.total ?? 0)
  return {
    leads: page.map(toSummary),
    ...(rows.length > pageSize && last ? { nextCursor: encodeListCursor(cursorAfter(last, query)) } : {}),
    total: Math.min(total, LEAD_COUNT_CAP),
    totalCapped: total > LEAD_COUNT_CAP,
  }
}
