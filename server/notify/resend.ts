import type { Queryable } from '../db/database.ts'

/**
 * Makes delivery `id` due again now: a failed or delivered one becomes pending
 * with a fresh round of retries, a waiting one stops waiting. Its attempts stay
 * on record. A delivery being sent right now (claimed, its lease running) is
 * left to finish. Someone asked for this attempt, so a pause of its channel
 * (a receiver that kept failing) ends too: if it fails again, the channel is
 * paused again. A disabled channel (410) stays disabled. Resolves to false when
 * there is no such delivery.
 */
export async function resendDelivery(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    `WITH resent AS (
       UPDATE lead_deliveries
       SET state = 'pending', attempts = 0, next_attempt_at = now(), finished_at = NULL
       WHERE id = $1 AND NOT (state = 'pending' AND claim IS NOT NULL AND next_attempt_at > now())
       RETURNING target
     ), unpaused AS (
       UPDATE lead_delivery_targets t SET paused_until = NULL FROM resent WHERE t.target = resent.target
     )
     SELECT 1 FROM resent`,
    [id],
  )
  if (rows.length > 0) return true
  return (await db.query('SELECT 1 FROM lead_deliveries WHERE id = $1', [id])).length > 0
}
