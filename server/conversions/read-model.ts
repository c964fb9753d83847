import type { LeadConversionView, PlatformStatus } from '../../common/conversions-api.ts'
import type { Queryable } from '../db/database.ts'
import type { ConversionKind, AdPlatform, ConversionStage } from './ports.ts'

export type { LeadConversionView, PlatformStatus }

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
      platform: row.platform as AdPlatform,
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
    platform: row.platform as AdPlatform,
    configured: row.configured === true,
    lastSuccessAt: iso(row.last_success_at),
    lastErrorAt: iso(row.last_error_at),
    lastError: text(row.last_error),
    paused: row.paused_at !== null,
    pausedAt: iso(row.paused_at),
    pausedReason: text(row.paused_reason),
  }))
}

/** What a resend changed, for the audit log: never the lead's data. */
export interface Resent {
  applicationId: number
  platform: AdPlatform
  stage: ConversionStage
  kind: ConversionKind
}

/**
 * Sends a failed or expired row again, under the same id: due now, its
 * attempts counted afresh. Undefined when there is no such row, or it did not
 * end so (a sent, skipped or pending one is left alone).
 */
export async function resendConversion(db: Queryable, id: number): Promise<Resent | undefined> {
  const [row] = await db.query(
    `UPDATE lead_conversions SET state = 'pending', reason = NULL, finished_at = NULL, attempts = 0,
       next_attempt_at = now(), claim = NULL
     WHERE id = $1 AND state IN ('failed', 'expired')
     RETURNING application_id, platform, stage, kind`,
    [id],
  )
  if (row === undefined) return undefined
  return {
    applicationId: Number(row.application_id),
    platform: row.platform as AdPlatform,
    stage: row.stage as ConversionStage,
    kind: row.kind as ConversionKind,
  }
}
