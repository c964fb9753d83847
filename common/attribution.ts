/**
 * Where an application came from, written once: the page captures these on
 * landing (src/features/attribution/), sends them with the application, and
 * the server keeps what passes its schema (attribution-schema.ts) in the
 * `attribution` column. Kept free of imports, so the page's capture stays a
 * few hundred bytes without the schema library.
 */

/** The application's column, and its key in the row the page sends. */
export const ATTRIBUTION_FIELD = 'attribution'

/** The query parameters ad platforms and campaign links add to a landing URL, kept as given. */
export const CAMPAIGN_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  // Google Ads (gbraid and wbraid replace gclid on iOS).
  'gclid',
  'gbraid',
  'wbraid',
  // Meta, Microsoft Ads, TikTok, LinkedIn, X.
  'fbclid',
  'msclkid',
  'ttclid',
  'li_fat_id',
  'twclid',
] as const

export type CampaignParameter = (typeof CAMPAIGN_PARAMETERS)[number]

/**
 * What else a touch records: the external referrer's origin and path (never its
 * query, which can carry a search or an address), the path the visitor landed
 * on (without its query, for the same reason) and when, as an ISO 8601 time.
 */
export const TOUCH_DETAILS = ['referrer_origin', 'referrer_path', 'landing_path', 'captured_at'] as const

export const TOUCH_KEYS = [...CAMPAIGN_PARAMETERS, ...TOUCH_DETAILS] as const

export type TouchKey = (typeof TOUCH_KEYS)[number]

/** One visit: only the keys it had a value for. */
export type Touch = Partial<Record<TouchKey, string>>

export const TOUCHES = ['first_touch', 'last_touch'] as const

/**
 * The first visit of the last 90 days, and the last one that came from a
 * campaign or another site: either may be missing.
 */
export type Attribution = Partial<Record<(typeof TOUCHES)[number], Touch>>

/** Longest value kept, in UTF-16 code units (what String.length counts). */
export const ATTRIBUTION_VALUE_MAX_LENGTH = 255

/** Largest attribution kept, in UTF-8 bytes of its JSON. */
export const ATTRIBUTION_MAX_BYTES = 4096

/** How long a touch is remembered on the visitor's device. */
export const TOUCH_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000
