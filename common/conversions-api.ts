// The inbox's view of the conversions sent to the ad platforms (server/conversions/, ADR 048).

import type { AdPlatform, ConversionStage } from './ad-conversions.ts'

/** Each platform's state: GET {ADMIN_API_PATH}{CONVERSION_PLATFORMS_PATH}. */
export const CONVERSION_PLATFORMS_PATH = '/conversions/platforms'
/** A lead's conversions: GET {ADMIN_API_PATH}/leads/:id/conversions. */
export const leadConversionsPath = (leadId: number) => `/leads/${leadId}/conversions`
/** Sends a failed or expired conversion again, under the same id: POST, answered 204. */
export const resendConversionPath = (conversionId: number) => `/conversions/${conversionId}/resend`

/** One platform's state for one stage of a lead, as its timeline shows it. */
export interface LeadConversionView {
  id: number
  platform: AdPlatform
  stage: ConversionStage
  /** The conversion, or Google's adjustment of it. */
  kind: 'conversion' | 'retraction' | 'restatement'
  /** `retrying`: pending after a failed attempt; `paused`: pending while its platform is paused. */
  state: 'pending' | 'retrying' | 'paused' | 'sent' | 'skipped' | 'expired' | 'failed'
  reason: string | null
  /** The platform's trace id of a sent one (Meta's fbtrace_id, …). */
  traceId: string | null
  attempts: number
  nextAttemptAt: string | null
  finishedAt: string | null
}

/** One platform as the Integrations panel shows it. */
export interface PlatformStatus {
  platform: AdPlatform
  configured: boolean
  lastSuccessAt: string | null
  lastErrorAt: string | null
  lastError: string | null
  paused: boolean
  pausedAt: string | null
  pausedReason: string | null
}

/** One test event to a platform, from the Integrations panel: POST, no body, audited. */
export const testEventPath = (platform: AdPlatform) => `/conversions/platforms/${platform}/test`

/** What became of the test event: sent (with the platform's trace id), skipped (with why), or an error. */
export interface TestEventAnswer {
  platform: AdPlatform
  status: 'sent' | 'retry' | 'paused' | 'skipped' | 'expired' | 'failed'
  traceId: string | null
  reason: string | null
}
