import { ADS_CONSENT_META } from '../../common/ads-consent.ts'
import type { SiteManifest } from '../../common/site-manifest.ts'
import { asksForConsent, type ConsentSettings } from './consent-config.ts'

/**
 * What the server adds to the landing page's head so that its application
 * asks for consent: a meta tag naming the platforms on, which the
 * application's last step reads (src/features/application/). Empty, the page
 * is served byte for byte as built, with no checkbox: when nobody is to be
 * told, under `implied`, and when the page posts its applications elsewhere
 * (VITE_API_URL), where a field this server reads would be refused as an
 * unknown column and the application lost.
 */
export function consentHeadTags(settings: ConsentSettings, site: Pick<SiteManifest, 'apiOrigin'>): string {
  if (!asksForConsent(settings) || site.apiOrigin !== null) return ''
  return `<meta name="${ADS_CONSENT_META}" content="${settings.platforms.join(' ')}">`
}

/** Why a server with platforms on does not ask, for its log at start; undefined when it asks or needs not. */
export function consentNotAsked(settings: ConsentSettings, site: Pick<SiteManifest, 'apiOrigin'>) {
  if (!asksForConsent(settings) || site.apiOrigin === null) return undefined
  return `the page posts its applications to ${site.apiOrigin}, not to this server: it shows no consent checkbox, and no lead is reported to the ad platforms`
}
