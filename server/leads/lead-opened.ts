import { NEW_COUNT_CAP } from '../../common/live-api.ts'
import type { Queryable } from '../db/database.ts'

/** Which of the leads $2 account $1 has not opened. */
export const UNOPENED_AMONG_SQL =
  'SELECT application_id::text AS id FROM lead_unopened WHERE account_id = $1 AND application_id = ANY($2::bigint[])'

/**
 * How many leads account $1 has not opened, up to $2. The order is the primary
 * key's, so the planner walks it and stops at $2: without it, when the account
 * holds many of the rows, it reads the table from the start, which costs the
 * whole table for an account that holds few.
 */
export const NEW_COUNT_SQL = `SELECT count(*)::int AS n
  FROM (SELECT 1 FROM lead_unopened WHERE account_id = $1 ORDER BY account_id, application_id LIMIT $2) unopened`

/**
 * `leads` with `isNew` set for the account: true for those it has not opened
 * (migrations/015). One probe of lead_unopened's primary key per lead.
 */
export async function withNewMarks<T extends { id: number; isNew: boolean }>(
  db: Queryable,
  accountId: number,
  leads: T[],
): Promise<T[]> {
  if (leads.length === 0) return leads
  const rows = await db.query<{ id: string }>(UNOPENED_AMONG_SQL, [accountId, leads.map((lead) => lead.id)])
  const unopened = new Set(rows.map((row) => Number(row.id)))
  return leads.map((lead) => ({ ...lead, isNew: unopened.has(lead.id) }))
}

/**
 * A column for a list statement over contact_submissions `s`: whether account
 * `accountId` has not opened the lead, one probe of lead_unopened's key per
 * row, in the statement that reads the rows. The id is written in as a
 * literal, checked to be a whole number (it comes from the session): each list
 * statement numbers its own parameters.
 */
export function newMarkColumn(accountId: number) {
  if (!Number.isSafeInteger(accountId)) throw new TypeError(`not an account id: ${accountId}`)
  // A scalar subquery, not EXISTS: the planner may run an EXISTS in the select list as one hashed pass over all
  // of the account's rows (tens of thousands), where this stays one probe of the primary key per listed lead.
  return `COALESCE((SELECT true FROM lead_unopened u WHERE u.account_id = ${accountId} AND u.application_id = s.id), false) AS is_new`
}

/** How many leads the account has not opened, up to NEW_COUNT_CAP: at most that many index entries read. */
export async function newLeadCount(db: Queryable, accountId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(NEW_COUNT_SQL, [accountId, NEW_COUNT_CAP])
  return Number(row?.n ?? 0)
}
