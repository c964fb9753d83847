/**
 * The ad platforms a conversion is sent to, and the stages of a lead's call
 * lifecycle each is told about (issue 33). The ids of a stage's event are
 * `<submission_id>:<stage>` on every platform, so a resend carries the same one.
 */
export const AD_PLATFORMS = ['meta', 'google', 'tiktok'] as const
export type AdPlatform = (typeof AD_PLATFORMS)[number]

export const CONVERSION_STAGES = ['application', 'booked', 'showed', 'won'] as const
export type ConversionStage = (typeof CONVERSION_STAGES)[number]

export const isConversionStage = (value: string): value is ConversionStage =>
  (CONVERSION_STAGES as readonly string[]).includes(value)

/** The id a stage's event carries on every platform (Meta and TikTok `event_id`, Google `orderId`). */
export const conversionEventId = (submissionId: string, stage: ConversionStage) => `${submissionId}:${stage}`
