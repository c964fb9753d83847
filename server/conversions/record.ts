import type { Queryable } from '../db/database.ts'
import type { ClaimedConversion } from './claim.ts'
import type { AdPlatform } from './ports.ts'

/** What becomes of one claimed row. */
export type Settlement =
  | { state: 'sent'; traceId: string }
  | { state: 'skipped' | 'expired' | 'failed'; reason: string }
  /** Due again at `at`; the reason stays for the timeline ("retrying: …"). */
  | { state: 'pending'; at: Date; reason: string | null; uncount: boolean }

const MAX_TEXT = 1000
const clip = (value: string) => (value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value)

// One statement for a whole batch. Only a row still under this claim is
// written: a late answer to a claim that expired cannot overwrite a newer one.
const SETTLE = `
  UPDATE lead_conversions c SET state = u.state, reason = u.reason, trace_id = u.trace_id,
    finished_at = CASE WHEN u.state = 'pending' THEN NULL ELSE now() END,
    next_attempt_at = coalesce(u.next_at::timestamptz, c.next_attempt_at),
    attempts = greatest(c.attempts - u.uncount, 0), claim = NULL
  FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
    AS u(id, claim, state, reason, trace_id, next_at, uncount)
  WHERE c.id = u.id AND c.claim = u.claim
  RETURNING c.id`

/** Writes each row's settlement; resolves to how many were still this server's to write. */
export async function settle(
  db: Queryable,
  entries: readonly { row: ClaimedConversion; settlement: Settlement }[],
): Promise<number> {
  if (entries.length === 0) return 0
  const rows = await db.query(SETTLE, [
    entries.map(({ row }) => row.id),
    entries.map(({ row }) => row.claim),
    entries.map(({ settlement }) => settlement.state),
    entries.map(({ settlement: s }) => (s.state === 'sent' ? null : s.reason === null ? null : clip(s.reason))),
    entries.map(({ settlement: s }) => (s.state === 'sent' ? s.traceId.slice(0, 300) : null)),
    entries.map(({ settlement: s }) => (s.state === 'pending' ? s.at.toISOString() : null)),
    entries.map(({ settlement: s }) => (s.state === 'pending' && s.uncount ? 1 : 0)),
  ])
  return rows.length
}

/** The platform's last success and last error, for the Integrations panel. */
export async function notePlatform(
  db: Queryable,
  platform: AdPlatform,
  { success, error }: { success: boolean; error: string | undefined },
) {
  if (!success && error === undefined) return
  await db.query(
    `UPDATE conversion_platforms SET
       last_success_at = CASE WHEN $2 THEN now() ELSE last_success_at END,
       last_error_at = CASE WHEN $3::text IS NULL THEN last_error_at ELSE now() END,
       last_error = coalesce($3, last_error)
     WHERE platform = $1`,
    [platform, success, error === undefined ? null : clip(error)],
  )
}

/**
 * Pauses the platform under its token's fingerprint; resolves to true only for
 * the call that paused it, so the team is told once however many servers and
 * batches meet the refused token.
 */
export async function pausePlatform(db: Queryable, platform: AdPlatform, reason: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE conversion_platforms SET paused_at = now(), paused_reason = $2, paused_fingerprint = token_fingerprint,
       last_error_at = now(), last_error = $2
     WHERE platform = $1 AND paused_at IS NULL RETURNING 1`,
    [platform, clip(reason)],
  )
  return rows.length > 0
}
