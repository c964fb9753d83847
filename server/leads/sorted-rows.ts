import type { LeadSort } from '../../common/lead-list-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-status.ts'
import { arrayLiteral } from '../db/array-literal.ts'
import type { Queryable, Row } from '../db/database.ts'
import type { ListCursor } from './cursor.ts'
import type { LeadFilter } from './lead-filter.ts'
import { SUMMARY_COLUMNS } from './list-leads.ts'
import { searchMatchesSql, sortedListSql, STATUS_SEARCH_CAP } from './list-sort.ts'

interface Match extends Row {
  id: string
  status: LeadStatus
  received_at: string
}

/** The status order's comparison: the pipeline's order, then newest first, then the higher id first. */
function byStatusOrder(
  a: Pick<Match, 'id' | 'status' | 'received_at'>,
  b: Pick<Match, 'id' | 'status' | 'received_at'>,
) {
  const rank = LEAD_STATUSES.indexOf(a.status) - LEAD_STATUSES.indexOf(b.status)
  if (rank !== 0) return rank
  // Both times are utcText's fixed-width text, so comparing the text compares the times.
  if (a.received_at !== b.received_at) return a.received_at < b.received_at ? 1 : -1
  const [x, y] = [BigInt(a.id), BigInt(b.id)]
  return x === y ? 0 : x < y ? 1 : -1
}

/**
 * The status order of a search's matches, read in one pass (searchMatchesSql)
 * and put in order here: the ids of the `limit` after `cursor` (before it,
 * nearest first, when `backwards`); undefined when more than STATUS_SEARCH_CAP
 * match, for the per-status walk to answer.
 */
async function fewMatchesInStatusOrder(
  db: Queryable,
  filter: LeadFilter,
  cursor: ListCursor | undefined,
  limit: number,
  backwards: boolean,
): Promise<string[] | undefined> {
  const { sql, params } = searchMatchesSql(filter)
  const matches = await db.query<Match>(sql, params)
  if (matches.length > STATUS_SEARCH_CAP) return undefined
  const from =
    cursor?.sort === 'status' ? { id: cursor.id, status: cursor.status, received_at: cursor.receivedAt } : undefined
  const direction = backwards ? -1 : 1
  return matches
    .filter((match) => from === undefined || direction * byStatusOrder(match, from) > 0)
    .sort((a, b) => direction * byStatusOrder(a, b))
    .slice(0, limit)
    .map((match) => match.id)
}

/**
 * The `limit` leads of `filter` after `cursor` in the order of `sort` (the
 * other way, nearest first, when `backwards`), each as `select` reads it from
 * contact_submissions `s` and lead_pipeline `p`. A search in the status order
 * reads its matches once when they are few, instead of once per status.
 */
export async function sortedListRows<T extends Row>(
  db: Queryable,
  filter: LeadFilter,
  sort: LeadSort,
  cursor: ListCursor | undefined,
  limit: number,
  { select = SUMMARY_COLUMNS, backwards = false } = {},
): Promise<T[]> {
  if (sort === 'status' && filter.search !== undefined) {
    const ids = await fewMatchesInStatusOrder(db, filter, cursor, limit, backwards)
    if (ids !== undefined) {
      if (ids.length === 0) return []
      const rows = await db.query<T & { sort_id: string }>(
        `SELECT ${select}, s.id::text AS sort_id FROM contact_submissions s JOIN lead_pipeline p ON p.application_id = s.id
          WHERE s.id = ANY($1::bigint[])`,
        [arrayLiteral(ids)],
      )
      const byId = new Map(rows.map((row) => [row.sort_id, row]))
      // A lead erased between the two reads is left out.
      return ids.flatMap((id) => {
        const row = byId.get(id)
        if (row === undefined) return []
        const { sort_id: _sortId, ...rest } = row
        return [rest as unknown as T]
      })
    }
  }
  const { sql, params } = sortedListSql(filter, sort, cursor, limit, { select, backwards })
  return db.query<T>(sql, params)
}
