import type { Attribution } from '../../common/attribution.ts'
import type { Queryable, Row } from '../db/database.ts'
import type { ConversionKind, AdPlatform, ConversionStage } from './ports.ts'

/** A row this server has claimed, with what its send needs and what its guards read. */
export interface ClaimedConversion {
  id: number
  applicationId: number
  platform: AdPlatform
  stage: ConversionStage
  kind: ConversionKind
  occurredAt: Date
  amountMinor: string | null
  currency: string | null
  /** This one included. */
  attempts: number
  claim: string
  lead: {
    submissionId: string
    email: string | null
    phone: string | null
    attribution: Attribution | null
    appliedAt: Date
  }
  /** For an adjustment: an earlier row of the same lead, platform and stage is still pending. */
  earlierPending: boolean
  /** For an adjustment: the state of the conversion it adjusts (null: there is none). */
  conversionState: string | null
  /** For a restatement: the amount and currency last sent (the conversion's, or a later restatement's). */
  sentAmount: string | null
  sentCurrency: string | null
  /** The lead has a call scheduled now (a booked retraction is then moot). */
  scheduled: boolean
}

// Due rows of one platform that is not paused, oldest first, each to one
// server (SKIP LOCKED); the claim runs past the longest send ($3 s), so a
// server that dies mid-send leaves the row due again. A claim still set is an
// attempt that never ended: it does not count.
// "Earlier pending" is read through the lead's own key (bool_or rather than
// `state = 'pending'` in WHERE): with that condition the planner took the
// partial due index and walked every pending row of the platform for each
// claimed one, 2 ms a row once a backlog built up (npm run bench:conversions).
const CLAIM = `
  WITH picked AS (
    SELECT c.id FROM lead_conversions c
    WHERE c.platform = $1 AND c.state = 'pending' AND c.next_attempt_at <= now()
      AND NOT EXISTS (SELECT 1 FROM conversion_platforms p WHERE p.platform = $1 AND p.paused_at IS NOT NULL)
    ORDER BY c.next_attempt_at, c.id LIMIT $2 FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE lead_conversions c SET claim = gen_random_uuid(),
      attempts = c.attempts + CASE WHEN c.claim IS NULL THEN 1 ELSE 0 END,
      next_attempt_at = now() + make_interval(secs => $3::int)
    FROM picked WHERE c.id = picked.id
    RETURNING c.*
  )
  SELECT k.id, k.application_id, k.platform, k.stage, k.kind, k.occurred_at, k.amount_minor::text AS amount_minor,
    k.currency, k.attempts, k.claim, s.submission_id::text AS submission_id, s.email, s.phone,
    to_jsonb(s) -> 'attribution' AS attribution, s.created_at AS applied_at,
    coalesce((SELECT bool_or(e.state = 'pending') FROM lead_conversions e WHERE e.application_id = k.application_id
      AND e.platform = k.platform AND e.stage = k.stage AND e.id < k.id), false) AS earlier_pending,
    (SELECT e.state FROM lead_conversions e WHERE e.application_id = k.application_id AND e.platform = k.platform
      AND e.stage = k.stage AND e.kind = 'conversion') AS conversion_state,
    sent.amount_minor AS sent_amount, sent.currency AS sent_currency,
    EXISTS (SELECT 1 FROM bookings b WHERE b.application_id = k.application_id AND b.state = 'scheduled') AS scheduled
  FROM claimed k JOIN contact_submissions s ON s.id = k.application_id
  LEFT JOIN LATERAL (
    SELECT e.amount_minor::text AS amount_minor, e.currency FROM lead_conversions e
    WHERE k.kind = 'restatement' AND e.application_id = k.application_id AND e.platform = k.platform
      AND e.stage = 'won' AND e.state = 'sent' AND e.id <> k.id
    ORDER BY e.id DESC LIMIT 1) sent ON true
  ORDER BY k.id`

/** Claims up to `limit` due rows of `platform` for `leaseSeconds`; none while it is paused. */
export async function claimDue(
  db: Queryable,
  platform: AdPlatform,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedConversion[]> {
  const rows = await db.query(CLAIM, [platform, limit, leaseSeconds], { prepare: true })
  return rows.map(claimed)
}

/**
 * Takes back every claim an earlier process left, as if its attempt had not
 * started. Only for a database no other process can hold claims in.
 */
export async function releaseConversionClaims(db: Queryable): Promise<number> {
  const rows = await db.query(
    `UPDATE lead_conversions SET claim = NULL, attempts = greatest(attempts - 1, 0), next_attempt_at = now()
     WHERE state = 'pending' AND claim IS NOT NULL RETURNING 1`,
  )
  return rows.length
}

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))
const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

function claimed(row: Row): ClaimedConversion {
  return {
    id: Number(row.id),
    applicationId: Number(row.application_id),
    platform: row.platform as AdPlatform,
    stage: row.stage as ConversionStage,
    kind: row.kind as ConversionKind,
    occurredAt: date(row.occurred_at),
    amountMinor: text(row.amount_minor),
    currency: text(row.currency),
    attempts: Number(row.attempts),
    claim: String(row.claim),
    lead: {
      submissionId: String(row.submission_id),
      email: text(row.email),
      phone: text(row.phone),
      attribution: (row.attribution ?? null) as Attribution | null,
      appliedAt: date(row.applied_at),
    },
    earlierPending: row.earlier_pending === true,
    conversionState: text(row.conversion_state),
    sentAmount: text(row.sent_amount),
    sentCurrency: text(row.sent_currency),
    scheduled: row.scheduled === true,
  }
}
