import { leadOrderOf } from '../../common/lead-list-api.ts'
import type { LeadNeighbours } from '../../common/lead-page-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import type { Queryable, Row } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import type { ListCursor } from './cursor.ts'
import { filterSql, type LeadQuery } from './lead-filter.ts'
import { sortedListRows } from './sorted-rows.ts'

interface Place extends Row {
  at: string
  received_at: string
  name: string
  status: LeadStatus
  call_at: string | null
}

/** Lead `id`'s place in the list's order, as the cursor of a page ending with it; undefined when it has none in it. */
function cursorAt(place: Place, id: number, { sort, filter }: LeadQuery): ListCursor | undefined {
  if (leadOrderOf(filter.booking, sort) === 'call')
    return place.call_at === null ? undefined : { sort: 'call', startsAt: place.call_at, id: String(id) }
  if (sort === 'name') return { sort, name: place.name, id: String(id) }
  if (sort === 'status') return { sort, status: place.status, receivedAt: place.received_at, id: String(id) }
  return { sort, receivedAt: place.at, id: String(id) }
}

/**
 * The leads either side of lead `id` in the list `query` shows (its filters
 * and its sort); undefined when there is no such lead. Both go through the
 * list's own statement, with the lead's place as the cursor, walked either way.
 */
export async function leadNeighbours(db: Queryable, id: number, query: LeadQuery): Promise<LeadNeighbours | undefined> {
  // The list keys its order on the pipeline's copy of the time when it filters by status (lead-filter.ts).
  const { time } = filterSql(query.filter)
  const [place] = await db.query<Place>(
    `SELECT ${utcText(time)} AS at, ${utcText('p.received_at')} AS received_at, lower(s.name) AS name, p.status,
       (SELECT ${utcText('max(b.starts_at)')} FROM bookings b WHERE b.application_id = s.id AND b.state <> 'canceled') AS call_at
       FROM contact_submissions s JOIN lead_pipeline p ON p.application_id = s.id WHERE s.id = $1`,
    [id],
  )
  if (place === undefined) return undefined
  const cursor = cursorAt(place, id, query)
  // Without a call it has no place among the calls: nothing either side.
  if (cursor === undefined) return { previous: null, next: null }
  const neighbour = async (backwards: boolean) => {
    const [row] = await sortedListRows<{ id: string }>(db, query.filter, query.sort, cursor, 1, {
      select: 's.id::text AS id',
      backwards,
    })
    return row === undefined ? null : Number(row.id)
  }
  const [previous, next] = await Promise.all([neighbour(true), neighbour(false)])
  return { previous, next }
}
