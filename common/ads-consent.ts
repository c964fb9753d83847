/**
 * The visitor's consent to tell the ad platforms about their application, and
 * the words they are shown. Both sides read it: the page shows the words, the
 * server records exactly those words beside the consent
 * (docs/decisions/047-ads-consent-beside-the-lead.md). Kept free of the schema
 * library: the page's application reads it.
 */

import { AD_PLATFORMS, type AdPlatform } from './ad-conversions.ts'

/** How the visitor reads each platform's name. */
export const AD_PLATFORM_NAMES: Readonly<Record<AdPlatform, string>> = {
  meta: 'Meta',
  google: 'Google',
  tiktok: 'TikTok',
}

/**
 * The insert body's field: `true` when the box was ticked. Anything else, or
 * nothing, is no consent. Not a question of the form: it is optional, not a
 * column of contact_submissions, and never sent to Supabase.
 */
export const ADS_CONSENT_FIELD = 'ads_consent'

/**
 * How the server tells the page which platforms it reports to: a meta tag it
 * adds to the page's head at start, only when it asks for consent. A page with
 * no such tag shows no checkbox.
 */
export const ADS_CONSENT_META = 'ads-consent-platforms'

/** What the server records as the words when its operator declared consent implied (CONVERSIONS_CONSENT=implied). */
export const IMPLIED_CONSENT_WORDS = 'implied'

/** "Meta", "Meta and Google", "Meta, Google and TikTok": the platforms in their order. */
export function platformList(platforms: readonly AdPlatform[]): string {
  const names = AD_PLATFORMS.filter((platform) => platforms.includes(platform)).map(
    (platform) => AD_PLATFORM_NAMES[platform],
  )
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
}

/** The checkbox's words: its label, and the plain account of what is shared, with whom, read with it. */
export interface AdsConsentCopy {
  label: string
  details: string
}

export function adsConsentCopy(platforms: readonly AdPlatform[]): AdsConsentCopy {
  const who = platformList(platforms)
  return {
    label: `Tell ${who} about this application to help us measure our ads (optional)`,
    details:
      `If you tick this box, we tell ${who} when you apply, book and attend a call or become a client. ` +
      'We send them your email address and phone number in scrambled (hashed) form, the ad click that brought you ' +
      'here, your IP address, your browser and the address of this page. Leave it unticked and we send them nothing.',
  }
}

/** The words the server records beside a consent: what the visitor read, label then details. */
export function adsConsentWords(platforms: readonly AdPlatform[]): string {
  const copy = adsConsentCopy(platforms)
  return `${copy.label} ${copy.details}`
}

/** The platforms a meta tag's content names (space-separated), known ones only, in their order. */
export function parsePlatforms(content: string | null | undefined): AdPlatform[] {
  const named = new Set((content ?? '').split(/\s+/))
  return AD_PLATFORMS.filter((platform) => named.has(platform))
}
