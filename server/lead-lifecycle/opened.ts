import type { Queryable } from '../db/database.ts'

/**
 * The account has opened lead `id`: it is no longer new to it (migrations/015).
 * Resolves to false when there is no such lead (spam included: it is never
 * new, but it is a lead one may open).
 */
export async function markOpened(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    `WITH opened AS (DELETE FROM lead_unopened WHERE account_id = $1 AND application_id = $2)
     SELECT EXISTS (SELECT 1 FROM contact_submissions WHERE id = $2) AS found`,
    [accountId, id],
  )
  return row?.found === true
}

/** A lead just moved out of spam is new to every account, as if it had just arrived. */
export async function markUnopenedByAll(db: Queryable, id: number): Promise<void> {
  await db.query(
    `INSERT INTO lead_unopened (account_id, application_id) SELECT id, $1 FROM admin_accounts
     ON CONFLICT DO NOTHING`,
    [id],
  )
}

// One statement text for any number of applications, so it is prepared once per connection.
const BOOKING_OPENED = `UPDATE lead_pipeline p SET booking_opened_at = now()
FROM contact_submissions s
WHERE s.submission_id = ANY($1::uuid[]) AND p.application_id = s.id AND p.booking_opened_at IS NULL`

/**
 * The applicants of `submissionIds` opened their booking page: each lead keeps
 * the first time only. Ids that name no lead change nothing.
 */
export async function markBookingOpened(db: Queryable, submissionIds: readonly string[]): Promise<void> {
  if (submissionIds.length > 0) await db.query(BOOKING_OPENED, [submissionIds], { prepare: true })
}
