import type { Queryable } from '../db/database.ts'
import type { ConversionKind, ConversionPlatform, ConversionStage } from './ports.ts'

/** One platform's state for one stage of a lead, as its timeline shows it. */
export interface LeadConversionView {
  id: number
  platform: ConversionPlatform
  stage: ConversionStage
  kind: ConversionKind
  /** `retrying` is a pending row that has failed at least once; `paused` one whose platform is paused. */
  state: 'pending' | 'retrying' | 'paused' | 'sent' | 'skipped' | 'expired' | 'failed'
  reason: string | null
  traceId: string | null
  attempts: number
  nextAttemptAt: string | null
  finishedAt: string | null
}

/** One platform as the Integrations panel shows it. */
export interface PlatformStatus {
  platform: ConversionPlatform
  configured: boolean
  lastSuccessAt: string | null
  lastErrorAt: string | null
  lastError: string | null
  paused: boolean
  pausedAt: string | null
  pausedReason: string | null
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString())
const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

/** Every row of a lead, by stage in the lifecycle's order, then platform and kind. */
export async function leadConversions(db: Queryable, applicationId: number): Promise<LeadConversionView[]> {
  const rows = await db.query(
    `SELECT c.id, c.platform, c.stage, c.kind, c.state, c.reason, c.trace_id, c.attempts, c.next_attempt_at,
       c.finished_at, p.paused_at IS NOT NULL AS paused
     FROM lead_conversions c JOIN conversion_platforms p ON p.platform = c.platform
     WHERE c.application_id = $1
     ORDER BY array_position(ARRAY['application', 'booked', 'showed', 'won'], c.stage), c.platform, c.id`,
    [applicationId],
  )
  return rows.map((row) => {
    const pending = row.state === 'pending'
    const state = !pending
      ? (row.state as LeadConversionView['state'])
      : row.paused === true
        ? 'paused'
        : text(row.reason)?.startsWith('retrying') === true
          ? 'retrying'
          : 'pending'
    return {
      id: Number(row.id),
      platform: row.platform as ConversionPlatform,
      stage: row.stage as ConversionStage,
      kind: row.kind as ConversionKind,
      state,
      reason: text(row.reason),
      traceId: text(row.trace_id),
      attempts: Number(row.attempts),
      nextAttemptAt: pending ? iso(row.next_attempt_at) : null,
      finishedAt: iso(row.finished_at),
    }
  })
}

/** Each platform: configured, last success, last error, paused. */
export async function platformStatuses(db: Queryable): Promise<PlatformStatus[]> {
  const rows = await db.query(
    `SELECT platform, configured, last_success_at, last_error_at, last_error, paused_at, paused_reason
     FROM conversion_platforms ORDER BY array_position(ARRAY['meta', 'google', 'tiktok'], platform)`,
  )
  return rows.map((row) => ({
    platform: row.platform as ConversionPlatform,
    configured: row.configured === true,
    lastSuccessAt: iso(row.last_success_at),
    lastErrorAt: iso(row.last_error_at),
    lastError: text(row.last_error),
    paused: row.paused_at !== null,
    pausedAt: iso(row.paused_at),
    pausedReason: text(row.paused_reason),
  }))
}

/**
 * Sends a failed or expired row again, under the same id: due now, its
 * attempts counted afresh. Resolves to false when the row is not one that
 * ended so (sent, skipped and pending rows are left alone).
 */
export async function resendConversion(db: Queryable, applicationId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lead_conversions SET state = 'pending', reason = NULL, finished_at = NULL, attempts = 0,
       next_attempt_at = now(), claim = NULL
     WHERE id = $1 AND application_id = $2 AND state IN ('failed', 'expired') RETURNING 1`,
    [id, applicationId],
  )
  return rows.length > 0
}
