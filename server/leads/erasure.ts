import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'

/**
 * Erases lead `id`: the application, and by cascade its pipeline row, status
 * history, notes, outbox row, deliveries and their attempts. The audit entry,
 * written in the same transaction, says that it happened, by whom and which id,
 * and nothing of what was erased. Resolves to false when there is no such lead.
 */
export async function eraseLead(db: Database, id: number, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx.query('DELETE FROM contact_submissions WHERE id = $1 RETURNING 1', [id])
    if (deleted.length === 0) return false
    await recordAudit(tx, { actor, action: 'lead.erase', leadId: id, detail: { erased: 1 } })
    return true
  })
}

/**
 * Erases every application with this email, whatever its case, spam included,
 * as eraseLead does, and every lead an application with it was merged into
 * (its answers are kept there, migrations/026). The audit entry holds how many and their ids, never the
 * address: recording it would keep what was asked to be forgotten.
 */
export async function eraseLeadsByEmail(db: Database, email: string, actor: string): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx.query<{ id: string }>(
      `DELETE FROM contact_submissions WHERE lower(email) = lower($1)
         OR id IN (SELECT survivor_id FROM lead_merges WHERE lower(answers ->> 'email') = lower($1))
       RETURNING id::text AS id`,
      [email.trim()],
    )
    const ids = deleted.map((row) => Number(row.id)).sort((a, b) => a - b)
    await recordAudit(tx, { actor, action: 'lead.erase-by-email', detail: { erased: ids.length, leadIds: ids } })
    return ids.length
  })
}
