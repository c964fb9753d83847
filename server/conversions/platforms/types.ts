import type { AdPlatform, ConversionStage } from '../../../common/ad-conversions.ts'

export type { AdPlatform, ConversionStage }

/**
 * One stage of one lead, as every platform is told of it. Match keys may be
 * raw (normalised and hashed here, per platform) or already SHA-256 hex (sent
 * as they are). Click ids are sent byte for byte.
 */
export interface ConversionEvent {
  /** The lead's `submission_id`: its events' ids are `<submission_id>:<stage>` (a resend reuses them). */
  submissionId: string
  stage: ConversionStage
  /** When the stage happened: the conversion's time. A time ahead of the clock is sent as now. */
  occurredAt: Date
  email?: string | undefined
  phone?: string | undefined
  /** Meta's click id, with when it was captured (the touch's `captured_at`): `fbc` is built from both. */
  fbclid?: { value: string; capturedAt: Date } | undefined
  gclid?: string | undefined
  gbraid?: string | undefined
  wbraid?: string | undefined
  ttclid?: string | undefined
  /** The won amount (in major units, such as 1500.5) and its ISO 4217 currency. */
  value?: { amount: number; currency: string } | undefined
  /** The page the visitor applied on, as the browser sent it. */
  pageUrl?: string | undefined
  clientIp?: string | undefined
  userAgent?: string | undefined
}

/** A Google Ads correction of a conversion already sent, found by its order id (`<submission_id>:<stage>`). */
export interface ConversionAdjustment {
  submissionId: string
  stage: ConversionStage
  /** retraction: the conversion did not happen after all; restatement: its value changed. */
  kind: 'retraction' | 'restatement'
  /** When the correction happened: after the conversion. */
  adjustedAt: Date
  /** The new value, for a restatement. */
  value?: { amount: number; currency: string } | undefined
}

/**
 * What became of one event (ADR 049). `retry` without `notBefore` is left to
 * the caller's backoff; `paused` means the platform's credentials are refused,
 * so every event of that platform waits until they are fixed.
 */
export type ConversionResult =
  | { status: 'sent'; traceId?: string | undefined }
  | { status: 'retry'; reason: string; notBefore?: Date | undefined }
  | { status: 'paused'; reason: string }
  | { status: 'skipped'; reason: string }
  | { status: 'expired'; reason: string }
  | { status: 'failed'; reason: string }

export type ResultStatus = ConversionResult['status']

/** What the delivery of conversions calls: one result per event, in the events' order. */
export interface ConversionPlatforms {
  /** The platforms the configuration turns on. */
  readonly configured: readonly AdPlatform[]
  /**
   * A digest of the platform's credentials (never the secrets themselves), undefined when it is
   * off: a pause recorded with it can be lifted when the server starts with other credentials.
   */
  credentialsFingerprint(platform: AdPlatform): string | undefined
  /** Sends `events` in batches within the platform's limit; never throws. */
  sendConversions(platform: AdPlatform, events: readonly ConversionEvent[]): Promise<ConversionResult[]>
  /** Google's RETRACTION / RESTATEMENT by order id; never throws. */
  sendGoogleAdjustments(adjustments: readonly ConversionAdjustment[]): Promise<ConversionResult[]>
  /** One test event: Meta and TikTok with their test event code, Google validated only; never throws. */
  sendTestEvent(platform: AdPlatform): Promise<ConversionResult>
}
