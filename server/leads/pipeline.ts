import type { LeadNote, LeadStatusChange } from '../../common/lead-page-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import type { Queryable } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'

/**
 * Moves lead `id` to `status` and records the change (from, to, who, when) in
 * one statement, so neither is kept without the other; the row lock makes two
 * changes at once each record the status the other left, and the time is
 * read after the lock, so the history's order is the order they happened. Resolves to the
 * change, null when the lead already had that status (nothing recorded), or
 * undefined when there is no such lead.
 */
export async function changeStatus(
  db: Queryable,
  id: number,
  status: LeadStatus,
  author: string,
): Promise<LeadStatusChange | null | undefined> {
  const [row] = await db.query<{
    found: boolean
    from_status: LeadStatus | null
    to_status: LeadStatus | null
    author: string | null
    at: string | null
  }>(
    `WITH old AS (
       SELECT status FROM lead_pipeline WHERE application_id = $1 FOR UPDATE
     ), updated AS (
       UPDATE lead_pipeline p SET status = $2 FROM old WHERE p.application_id = $1 AND old.status <> $2 RETURNING p.application_id
     ), change AS (
       INSERT INTO lead_status_changes (application_id, from_status, to_status, author, at)
       SELECT $1, old.status, $2, $3, clock_timestamp() FROM old WHERE old.status <> $2
       RETURNING from_status, to_status, author, at
     )
     SELECT EXISTS (SELECT 1 FROM old) AS found, change.from_status, change.to_status, change.author, ${utcText('change.at')} AS at
     FROM (SELECT 1) one LEFT JOIN change ON true`,
    [id, status, author],
  )
  if (!row?.found) return undefined
  if (row.to_status === null || row.author === null || row.at === null) return null
  return { from: row.from_status, to: row.to_status, author: row.author, at: row.at }
}

/** Adds a note to lead `id`, as given (whoever shows it escapes it); undefined when there is no such lead. */
export async function addNote(db: Queryable, id: number, body: string, author: string): Promise<LeadNote | undefined> {
  const [row] = await db.query<{ id: string; body: string; author: string; at: string }>(
    `INSERT INTO lead_notes (application_id, body, author)
     SELECT id, $2, $3 FROM contact_submissions WHERE id = $1
     RETURNING id::text AS id, body, author, ${utcText('at')} AS at`,
    [id, body, author],
  )
  return row === undefined ? undefined : { id: Number(row.id), body: row.body, author: row.author, at: row.at }
}
