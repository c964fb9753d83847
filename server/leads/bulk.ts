import { arrayLiteral } from '../db/array-literal.ts'
import type { Database } from '../db/database.ts'

/**
 * Erases every lead of `ids` as eraseLead (erasure.ts) erases one, with its
 * own `lead.erase` audit entry each, in the same transaction. Resolves to how
 * many there were.
 */
export async function eraseLeads(db: Database, ids: readonly number[], actor: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.query<{ id: string }>(
      'DELETE FROM contact_submissions WHERE id = ANY($1::bigint[]) RETURNING id::text AS id',
      [arrayLiteral(ids)],
    )
    const erased = deleted.map((row) => row.id)
    if (erased.length > 0) {
      await tx.query(
        `INSERT INTO admin_audit (actor_email, action, lead_id, detail)
         SELECT $1, 'lead.erase', id, '{"erased":1,"bulk":true}'::jsonb FROM unnest($2::bigint[]) AS id ORDER BY id`,
        [actor, arrayLiteral(erased)],
      )
    }
    return erased.length
  })
}
