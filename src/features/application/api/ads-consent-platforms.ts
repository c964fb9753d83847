import type { AdPlatform } from '../../../../common/ad-conversions.ts'
import { ADS_CONSENT_META, parsePlatforms } from '../../../../common/ads-consent.ts'

/**
 * The ad platforms this page's server asks consent for: it names them in a
 * meta tag it adds at start, only when it asks (server/conversions/consent-page.ts).
 * None, the application shows no checkbox.
 */
export function pageConsentPlatforms(page: Pick<Document, 'querySelector'> = document): AdPlatform[] {
  return parsePlatforms(page.querySelector(`meta[name="${ADS_CONSENT_META}"]`)?.getAttribute('content'))
}
