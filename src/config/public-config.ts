import { site } from '../content/site.ts'

/**
 * Per-deployment values, from VITE_* build variables (validated by
 * vite.config.ts) with the content module's defaults.
 */
export const publicConfig = {
  /** Base URL of the PostgREST-compatible API; empty means this server. */
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, ''),
  /** Public anon key; sent as PostgREST clients do, never a secret. */
  apiAnonKey: import.meta.env.VITE_API_ANON_KEY || 'public-anon-key',
  videoUrl: import.meta.env.VITE_VIDEO_URL || site.video.url,
  bookingUrl: import.meta.env.VITE_BOOKING_URL || site.bookingUrl,
}
