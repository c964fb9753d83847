import type { Queryable } from '../db/database.ts'

/** A webhook delivery of lead `id` with a failed attempt, as the notifier leaves one. */
export async function failedDelivery(db: Queryable, id: number) {
  await db.query(
    `INSERT INTO lead_delivery_targets (target, label) VALUES ('webhook:test', 'https://hooks.example/…') ON CONFLICT DO NOTHING`,
  )
  const [delivery] = await db.query<{ id: string }>(
    `INSERT INTO lead_deliveries (application_id, target, state, attempts, next_attempt_at, finished_at)
     VALUES ($1, 'webhook:test', 'failed', 8, now() + interval '1 day', now()) RETURNING id::text AS id`,
    [id],
  )
  await db.query(
    `INSERT INTO lead_delivery_attempts (delivery_id, started_at, duration_ms, status, error) VALUES ($1, now(), 120, 500, 'server error')`,
    [delivery?.id],
  )
  return Number(delivery?.id)
}
