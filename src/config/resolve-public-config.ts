import { site } from '../content/site.ts'
import type { PublicEnv } from './public-env.ts'

/**
 * The page's per-deployment values: the build variables, else the content
 * module's defaults. The page (public-config.ts) and the build's site manifest
 * (vite.config.ts) both take them from here, so the manifest names exactly
 * what the page uses. No zod here: this file ships in the page.
 */
export function resolvePublicConfig(env: PublicEnv) {
  return {
    /** Base URL of the PostgREST-compatible API; empty means this server. */
    apiUrl: (env.VITE_API_URL ?? '').replace(/\/+$/, ''),
    /** Public anon key; sent as PostgREST clients do, never a secret. */
    apiAnonKey: env.VITE_API_ANON_KEY || 'public-anon-key',
    videoUrl: env.VITE_VIDEO_URL || site.video.url,
    bookingUrl: env.VITE_BOOKING_URL || site.bookingUrl,
    /** Unset: told from the booking URL's host when the application's code needs it. */
    bookingProvider: env.VITE_BOOKING_PROVIDER || undefined,
  }
}
