import type { LeadNote } from '../../common/lead-page-api.ts'
import type { Queryable } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { markTouched } from '../lead-lifecycle/touched.ts'

/**
 * Adds a note to lead `id`, as given (whoever shows it escapes it); undefined
 * when there is no such lead. A note touches the lead: it is new to nobody after it.
 */
export async function addNote(db: Queryable, id: number, body: string, author: string): Promise<LeadNote | undefined> {
  const [row] = await db.query<{ id: string; body: string; author: string; at: string }>(
    `INSERT INTO lead_notes (application_id, body, author)
     SELECT id, $2, $3 FROM contact_submissions WHERE id = $1
     RETURNING id::text AS id, body, author, ${utcText('at')} AS at`,
    [id, body, author],
  )
  if (row === undefined) return undefined
  await markTouched(db, [id], author)
  return { id: Number(row.id), body: row.body, author: row.author, at: row.at }
}
