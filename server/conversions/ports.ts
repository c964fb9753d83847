// What the conversions' delivery needs of the two parts it does not build (ADR 048):
// the wire to each platform (ConversionSender) and a lead's consent (ConsentReader).
import type { AdPlatform, ConversionStage } from '../../common/ad-conversions.ts'
import type { Attribution } from '../../common/attribution.ts'
import type { Queryable } from '../db/database.ts'
import type { ConversionResult as PlatformResult } from './platforms/types.ts'

export { AD_PLATFORMS, CONVERSION_STAGES, type AdPlatform, type ConversionStage } from '../../common/ad-conversions.ts'

/** The conversion itself, or one of Google's adjustments of it (by the same order id). */
export type ConversionKind = 'conversion' | 'retraction' | 'restatement'

/** What a lead consented to, and what the platforms match it by; stored by the consent's part. */
export interface LeadConsent {
  consented: boolean
  clientIp?: string
  userAgent?: string
  /** The page the visitor applied on, as the browser sent it. */
  landingUrl?: string
}

/** One event to one platform, everything the wire needs raw: the sender normalises and hashes. */
export interface ConversionEvent {
  /** `<submission_id>:<stage>`: Meta's and TikTok's event_id, Google's orderId; the same on every resend. */
  eventId: string
  /** The lead_conversions row; the sender may log it, the platform never sees it. */
  rowId: number
  stage: ConversionStage
  kind: ConversionKind
  /** When it happened: the event_time, conversionDateTime, or an adjustment's adjustmentDateTime. */
  occurredAt: Date
  /** A won deal's amount (and a restatement's), exact in the currency's minor units. */
  value?: { amountMinor: string; currency: string }
  lead: {
    applicationId: number
    submissionId: string
    email: string | null
    phone: string | null
    /** The first and last touch as stored, with their click ids and captured_at. */
    attribution: Attribution | null
    appliedAt: Date
  }
  consent: LeadConsent
}

/** What became of one event: each ends the row but retry and paused. */
export type ConversionResult =
  | { kind: 'sent'; traceId: string }
  /** `notBefore`: the platform's own earliest time (Google's retryDelay, TOO_RECENT_EVENT's 6 hours). */
  | { kind: 'retry'; reason: string; notBefore?: Date }
  /** The token was refused: every row of the platform waits until a server starts with another. */
  | { kind: 'paused'; reason: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'expired'; reason: string }
  | { kind: 'failed'; reason: string }

export interface ConversionSender {
  /**
   * Sends `events` (at most the platform's batch limit, conversions and Google's
   * adjustments mixed: the sender splits them by endpoint) and resolves to one
   * result per event, in their order. It should not reject; a rejection counts
   * as `retry` for every event.
   */
  send(platform: AdPlatform, events: readonly ConversionEvent[]): Promise<ConversionResult[]>
}

export interface ConsentReader {
  /** Each lead's consent; a lead missing from the map has none. */
  read(db: Queryable, applicationIds: readonly number[]): Promise<Map<number, LeadConsent>>
}

/**
 * The Integrations panel's "Send a test event": the platforms' own test
 * (Meta and TikTok with their test event code, Google validated only). The
 * platforms of platforms/conversion-platforms.ts are one; it never throws.
 */
export interface TestEventSender {
  sendTestEvent(platform: AdPlatform): Promise<PlatformResult>
}
