import { z } from 'zod'
import { BOOKING_PAGE_PROVIDERS, bookingProviderFor, type BookingPageProvider } from './booking-link.ts'
import { DEFAULT_BOOKING_URL, DEFAULT_VIDEO_URL } from './site-defaults.ts'

/**
 * What the built page contacts outside its own origin, which the server's
 * Content-Security-Policy has to allow. The build writes it beside the page
 * (vite.config.ts) from the very values it bakes in, and the server reads it
 * at start (server/http/site-manifest.ts): the server never guesses the page's
 * settings from environment files of its own, so the two cannot disagree.
 */
export const SITE_MANIFEST_FILE = 'site-manifest.json'

const origin = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
  .refine(
    (value) => URL.canParse(value) && new URL(value).origin === value,
    'must be an origin such as https://example.com',
  )

// Strict: a manifest from another version of the build is refused rather than half understood.
export const siteManifestSchema = z.strictObject({
  /** Where the page posts applications when that is not the server serving it (connect-src); null: same origin. */
  apiOrigin: origin.nullable(),
  /** Origin of the embedded video, the page's only frame (frame-src). */
  videoOrigin: origin,
  /** The booking page the page sends applicants to, and its prefill format: the follow-up email links to it too. */
  booking: z.strictObject({
    url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    provider: z.enum(BOOKING_PAGE_PROVIDERS),
  }),
})

export type SiteManifest = z.infer<typeof siteManifestSchema>

export interface SiteSettings {
  apiUrl: string
  videoUrl: string
  bookingUrl: string
  bookingProvider?: BookingPageProvider | undefined
}

/** The manifest for a page that posts to `apiUrl` (empty: its own server), embeds `videoUrl` and books at `bookingUrl`. */
export function siteManifestFor({ apiUrl, videoUrl, bookingUrl, bookingProvider }: SiteSettings): SiteManifest {
  return {
    apiOrigin: apiUrl === '' ? null : new URL(apiUrl).origin,
    videoOrigin: new URL(videoUrl).origin,
    booking: { url: bookingUrl, provider: bookingProviderFor(bookingUrl, bookingProvider) },
  }
}

/** What a page built without VITE_* settings is built with. */
export const DEFAULT_SITE_MANIFEST = siteManifestFor({
  apiUrl: '',
  videoUrl: DEFAULT_VIDEO_URL,
  bookingUrl: DEFAULT_BOOKING_URL,
})
