import type { Queryable } from './database.ts'

export interface AuditEntry {
  /** The account's email, or who acted from the command line. */
  actor: string
  /** What was done, e.g. 'sign-in', 'lead.erase'. */
  action: string
  leadId?: number | null
  /** Never a lead's personal data: the entry outlives an erasure (migrations/008-admin-accounts.sql). */
  detail?: Record<string, unknown>
}

/** Records an action in admin_audit; pass the transaction that makes the change, so neither is kept without the other. */
export async function recordAudit(
  db: Queryable,
  { actor, action, leadId = null, detail = {} }: AuditEntry,
): Promise<void> {
  await db.query('INSERT INTO admin_audit (actor_email, action, lead_id, detail) VALUES ($1, $2, $3, $4::jsonb)', [
    actor,
    action,
    leadId,
    JSON.stringify(detail),
  ])
}
