import type { LeadStatus } from '../../common/lead-status.ts'
import type { BulkStatusResult } from '../../common/lead-list-api.ts'
import type { Database } from '../db/database.ts'

/** An id list as a PostgreSQL array literal, which both databases cast the same way. */
const idArray = (ids: readonly (number | string)[]) => `{${ids.join(',')}}`

/**
 * Moves every lead of `ids` to `status` in one statement, recording each
 * change in its history as changeStatus (pipeline.ts) does for one: from,
 * to, who, when. Leads that already have the status record nothing. The rows
 * are locked in id order, so two bulk changes at once cannot deadlock.
 */
export async function changeStatuses(db: Database, ids: readonly number[], status: LeadStatus, author: string): Promise<BulkStatusResult> {
  const [row] = await db.query<{ found: number; changed: number }>(
    `WITH old AS (
       SELECT application_id, status FROM lead_pipeline WHERE application_id = ANY($1::bigint[])
       ORDER BY application_id FOR UPDATE
     ), updated AS (
       UPDATE lead_pipeline p SET status = $2 FROM old
       WHERE p.application_id = old.application_id AND old.status <> $2 RETURNING p.application_id
     ), change AS (
       INSERT INTO lead_status_changes (application_id, from_status, to_status, author, at)
       SELECT application_id, status, $2, $3, clock_timestamp() FROM old WHERE status <> $2 ORDER BY application_id
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM old)::int AS found, (SELECT count(*) FROM change)::int AS changed`,
    [idArray(ids), status, author],
  )
  return { found: Number(row?.found ?? 0), changed: Number(row?.changed ?? 0) }
}

/**
 * Erases every lead of `ids` as eraseLead (erasure.ts) erases one, with its
 * own `lead.erase` audit entry each, in the same transaction. Resolves to how
 * many there were.
 */
export async function eraseLeads(db: Database, ids: readonly number[], actor: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.query<{ id: string }>(
      'DELETE FROM contact_submissions WHERE id = ANY($1::bigint[]) RETURNING id::text AS id',
      [idArray(ids)],
    )
    const erased = deleted.map((row) => row.id)
    if (erased.length > 0) {
      await tx.query(
        `INSERT INTO admin_audit (actor_email, action, lead_id, detail)
         SELECT $1, 'lead.erase', id, '{"erased":1,"bulk":true}'::jsonb FROM unnest($2::bigint[]) AS id ORDER BY id`,
        [actor, idArray(erased)],
      )
    }
    return erased.length
  })
}
