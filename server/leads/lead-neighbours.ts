import type { LeadNeighbours } from '../../common/lead-page-api.ts'
import type { Queryable } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import type { Cursor } from './cursor.ts'
import { filterSql, type LeadFilter } from './lead-filter.ts'
import { leadListSql } from './list-leads.ts'

/**
 * The leads either side of lead `id` in the list `filter` shows; undefined
 * when there is no such lead. Both go through the list's own statement, with
 * the lead's place as the cursor, so they follow whatever order the list has.
 */
export async function leadNeighbours(db: Queryable, id: number, filter: LeadFilter): Promise<LeadNeighbours | undefined> {
  // The list keys its order on the pipeline's copy of the time when it filters by status (lead-filter.ts).
  const { time } = filterSql(filter)
  const [place] = await db.query<{ at: string }>(
    `SELECT ${utcText(time)} AS at FROM contact_submissions s JOIN lead_pipeline p ON p.application_id = s.id WHERE s.id = $1`,
    [id],
  )
  if (place === undefined) return undefined
  const cursor: Cursor = { receivedAt: place.at, id: String(id) }
  const neighbour = async (backwards: boolean) => {
    const { sql, params } = leadListSql(filter, cursor, 1, 's.id::text AS id', backwards)
    const [row] = await db.query<{ id: string }>(sql, params)
    return row === undefined ? null : Number(row.id)
  }
  const [previous, next] = await Promise.all([neighbour(true), neighbour(false)])
  return { previous, next }
}
