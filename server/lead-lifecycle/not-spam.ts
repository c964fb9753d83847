import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'
import type { Notifications } from '../notify/notifications.ts'
import { markUnopenedByAll } from './opened.ts'

/** What marking an application as not spam did: `moved`, or why nothing was done. */
export type NotSpamOutcome = 'moved' | 'not-spam-already' | 'missing'

/**
 * Moves application `id` out of spam and into the leads, and queues its
 * announcement as its insert would have (migrations/011): the news the
 * notifier turns into the new-lead webhook, Slack and email. The pipeline row
 * is made too when it is missing (an application stored before migrations/009,
 * or by a page posting straight to Supabase has none). One transaction with
 * its audit entry, so a lead is never moved without being announced and
 * recorded. It becomes new to every account (migrations/015), as a lead just
 * arrived would. The row lock makes a second request at once find it moved
 * already. The caller wakes the notifier once it has answered.
 */
export async function markNotSpam(
  db: Database,
  notifications: Notifications,
  id: number,
  actor: string,
): Promise<NotSpamOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ spam: boolean }>('SELECT spam FROM contact_submissions WHERE id = $1 FOR UPDATE', [
      id,
    ])
    if (row === undefined) return 'missing'
    if (!row.spam) return 'not-spam-already'
    await tx.query('UPDATE contact_submissions SET spam = false WHERE id = $1', [id])
    // Its pipeline row was made while it was spam, without an owner: it gets one in turn now, as a new lead
    // would (migrations/028). Inserted only when missing, so the insert's trigger never spends a turn for nothing.
    await tx.query(
      `INSERT INTO lead_pipeline (application_id, received_at)
       SELECT id, created_at FROM contact_submissions s
       WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM lead_pipeline p WHERE p.application_id = s.id)`,
      [id],
    )
    await tx.query(
      'UPDATE lead_pipeline SET owner = lead_owner_in_turn() WHERE application_id = $1 AND owner IS NULL',
      [id],
    )
    // A news of it already waiting is the same announcement: one is enough (enqueue queues it once).
    await notifications.enqueue(tx, { applicationId: id })
    await markUnopenedByAll(tx, id)
    await recordAudit(tx, { actor, action: 'lead.not-spam', leadId: id })
    return 'moved'
  })
}
