import { LEAD_COUNT_CAP, leadOrderOf, SEARCH_COUNT_CAP, type LeadSort } from '../../common/lead-list-api.ts'
import { LEAD_STATUSES } from '../../common/lead-status.ts'
import { utcText } from '../db/utc-text.ts'
import type { ListCursor } from './cursor.ts'
import { filterSql, OWNER_KEY, type LeadFilter } from './lead-filter.ts'
import { leadListSql, SUMMARY_COLUMNS } from './list-leads.ts'

const FROM = 'FROM contact_submissions s JOIN lead_pipeline p ON p.application_id = s.id'

/** An ascending keyset order: the leads read `from` where, sorted on `key` (of SQL type `type`) then id. */
interface Keyset {
  from: string
  key: string
  type: string
  /** The key as the next cursor holds it. */
  column: string
}

/**
 * `limit` leads of `filter` in `keyset`'s order after `after` (its key and
 * id), or before it, nearest first, when `backwards`: keyset paging, each page
 * as cheap as the first however deep.
 */
function keysetSql(
  filter: LeadFilter,
  { from, key, type, column }: Keyset,
  after: [key: string, id: string] | undefined,
  limit: number,
  select: string,
  backwards: boolean,
) {
  const { where, params } = filterSql(filter, 1)
  const [beyond, order] = backwards ? ['<', 'DESC'] : ['>', 'ASC']
  let past = ''
  if (after !== undefined) {
    params.push(...after)
    past = ` AND (${key}, s.id) ${beyond} ($${params.length - 1}${type}, $${params.length}::bigint)`
  }
  params.push(limit)
  const sql = `SELECT ${select}, ${column} ${from}
     WHERE ${where}${past}
     ORDER BY ${key} ${order}, s.id ${order}
     LIMIT $${params.length}`
  return { sql, params }
}

/**
 * A to Z, case ignored, then by id: keyset paging on (lower(name), id), which
 * contact_submissions_name_idx (migrations/017) holds in that order, so a page
 * reads its 51 entries and stops. `sort_name` is the key as the database
 * compares it, for the next cursor.
 */
const BY_NAME: Keyset = { from: FROM, key: 'lower(s.name)', type: '', column: 'lower(s.name) AS sort_name' }

/**
 * In the pipeline's order, newest first within a status: one branch per
 * status from the cursor's on, each the list's own status filter, which walks
 * lead_pipeline_status_idx newest first and stops at `limit`; the branches'
 * keys are put in order and cut to `limit`, and only those leads are read in
 * full. No new index: the status index is sorted by the status's name, not
 * the pipeline's order, so a single ORDER BY over it would read every lead.
 */
function byStatusSql(
  filter: LeadFilter,
  cursor: ListCursor | undefined,
  limit: number,
  select: string,
  backwards: boolean,
) {
  const here =
    cursor?.sort === 'status' ? LEAD_STATUSES.indexOf(cursor.status) : backwards ? LEAD_STATUSES.length - 1 : 0
  const [beyond, order, rankOrder] = backwards ? ['>', 'ASC', 'DESC'] : ['<', 'DESC', 'ASC']
  const statuses = LEAD_STATUSES.map((status, rank) => ({ status, rank })).filter(
    ({ status, rank }) =>
      (backwards ? rank <= here : rank >= here) && (filter.status === undefined || filter.status === status),
  )
  const params: unknown[] = [limit]
  const branches = statuses.map(({ status, rank }) => {
    const branch = filterSql({ ...filter, status }, params.length + 1)
    params.push(...branch.params)
    let after = ''
    if (cursor?.sort === 'status' && cursor.status === status) {
      params.push(cursor.receivedAt, cursor.id)
      after = ` AND (p.received_at, p.application_id) ${beyond} ($${params.length - 1}::timestamptz, $${params.length}::bigint)`
    }
    return `(SELECT p.application_id AS sort_id, p.received_at AS sort_time, ${rank} AS sort_rank ${FROM}
       WHERE ${branch.where}${after}
       ORDER BY p.received_at ${order}, p.application_id ${order} LIMIT $1)`
  })
  // After the last status nothing follows: no branch, and no row.
  const keys =
    branches.length > 0
      ? branches.join(' UNION ALL ')
      : 'SELECT NULL::bigint AS sort_id, NULL::timestamptz AS sort_time, 0 AS sort_rank WHERE false'
  const ranking = `sort_rank ${rankOrder}, sort_time ${order}, sort_id ${order}`
  const sql = `SELECT ${select}
     FROM (SELECT * FROM (${keys}) branches ORDER BY ${ranking} LIMIT $1) ranked
     JOIN contact_submissions s ON s.id = ranked.sort_id JOIN lead_pipeline p ON p.application_id = s.id
     ORDER BY ${ranking.replaceAll('sort_', 'ranked.sort_')}`
  return { sql, params }
}

/**
 * The upcoming calls (booking=upcoming) by their start, soonest first, then by
 * id. Read in start order from bookings_agenda_idx, from now on: each lead once,
 * by the call the row shows (CURRENT_BOOKING: of its bookings not cancelled, the
 * latest start, which is to come), so a page reads its 51 calls and stops
 * rather than ranking every lead with a call to come. `sort_call` is the key,
 * for the next cursor.
 */
const BY_CALL: Keyset = {
  from: `FROM bookings c
     JOIN contact_submissions s ON s.id = c.application_id
       AND c.state = 'scheduled' AND c.application_id IS NOT NULL AND c.starts_at > now()
       AND NOT EXISTS (SELECT 1 FROM bookings l WHERE l.application_id = c.application_id AND l.state <> 'canceled'
         AND (l.starts_at, l.id) > (c.starts_at, c.id))
     JOIN lead_pipeline p ON p.application_id = s.id`,
  key: 'c.starts_at',
  type: '::timestamptz',
  column: `${utcText('c.starts_at')} AS sort_call`,
}

/**
 * The statement listing `limit` leads of `filter` after `cursor` in the order
 * of `sort`; `backwards` walks that order the other way from `cursor`, nearest
 * first (the lead before one in the list).
 */
export function sortedListSql(
  filter: LeadFilter,
  sort: LeadSort,
  cursor: ListCursor | undefined,
  limit: number,
  { select = SUMMARY_COLUMNS, backwards = false } = {},
) {
  if (leadOrderOf(filter.booking, sort) === 'call') {
    const after: [string, string] | undefined = cursor?.sort === 'call' ? [cursor.startsAt, cursor.id] : undefined
    return keysetSql(filter, BY_CALL, after, limit, select, backwards)
  }
  if (sort === 'name') {
    const after: [string, string] | undefined = cursor?.sort === 'name' ? [cursor.name, cursor.id] : undefined
    return keysetSql(filter, BY_NAME, after, limit, select, backwards)
  }
  if (sort === 'status') return byStatusSql(filter, cursor, limit, select, backwards)
  return leadListSql(filter, cursor?.sort === 'received' ? cursor : undefined, limit, select, backwards)
}

/**
 * With a search, the status order reads the search's matches once and puts
 * them in order itself when there are at most this many (sorted-rows.ts):
 * each branch of byStatusSql would otherwise read them again.
 */
export const STATUS_SEARCH_CAP = 1_000

/**
 * The keys of the leads matching `filter`, at most STATUS_SEARCH_CAP + 1 of
 * them, in no order: one pass of the search, stopping once there are more
 * than the cap. More than the cap means the search is common enough that the
 * per-status walk of byStatusSql finds each page's leads after a few reads.
 */
export function searchMatchesSql(filter: LeadFilter) {
  const { where, params } = filterSql(filter, 1)
  params.push(STATUS_SEARCH_CAP + 1)
  const sql = `SELECT p.application_id::text AS id, p.status, ${utcText('p.received_at')} AS received_at ${FROM}
     WHERE ${where} LIMIT $${params.length}`
  return { sql, params }
}

/** The count's cap for `filter`: lower with a search, each match costing the search's check. */
export const countCapOf = (filter: LeadFilter) => (filter.search === undefined ? LEAD_COUNT_CAP : SEARCH_COUNT_CAP)

/**
 * How many leads match `filter`, counted up to its cap + 1 (more than the cap
 * reads as "10,000+", or "1,000+" with a search): the count stops there, so it
 * reads at most that many index entries however large the inbox. The pipeline is joined only for
 * a status or an owner, the only conditions on it. Either with nothing else but dates is
 * counted from the status index alone, the spam (few) set aside by an anti-join:
 * joined to every application instead, it read the whole inbox index.
 */
export function leadCountSql(filter: LeadFilter) {
  const cap = countCapOf(filter) + 1
  const { status, owner } = filter
  const onlyStatus =
    !filter.spam &&
    [filter.source, filter.search, filter.booking, filter.ids].every((condition) => condition === undefined)
  if ((status !== undefined || owner !== undefined) && onlyStatus) {
    const params: unknown[] = [cap]
    const conditions = []
    if (status !== undefined) conditions.push(`p.status = $${params.push(status)}`)
    if (owner !== undefined) conditions.push(`${OWNER_KEY} = $${params.push(owner ?? 0)}::bigint`)
    if (filter.from !== undefined)
      conditions.push(`p.received_at >= $${params.push(filter.from.toISOString())}::timestamptz`)
    if (filter.before !== undefined)
      conditions.push(`p.received_at < $${params.push(filter.before.toISOString())}::timestamptz`)
    const sql = `SELECT count(*)::int AS total FROM (SELECT 1 FROM lead_pipeline p
      WHERE ${conditions.join(' AND ')} AND NOT EXISTS (SELECT 1 FROM contact_submissions s WHERE s.id = p.application_id AND s.spam)
      LIMIT $1) capped`
    return { sql, params }
  }
  const { where, params } = filterSql(filter, 1)
  const join = status === undefined && owner === undefined ? 'FROM contact_submissions s' : FROM
  params.push(cap)
  return {
    sql: `SELECT count(*)::int AS total FROM (SELECT 1 ${join} WHERE ${where} LIMIT $${params.length}) capped`,
    params,
  }
}
