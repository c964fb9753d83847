import { resolvePublicConfig } from './resolve-public-config.ts'

/**
 * Per-deployment values, from VITE_* build variables (validated by
 * vite.config.ts) with the content module's defaults. Each variable is named
 * on its own so that Vite replaces it with its value and bundles nothing more.
 */
export const publicConfig = resolvePublicConfig({
  VITE_API_URL: import.meta.env.VITE_API_URL,
  VITE_API_ANON_KEY: import.meta.env.VITE_API_ANON_KEY,
  VITE_VIDEO_URL: import.meta.env.VITE_VIDEO_URL,
  VITE_BOOKING_URL: import.meta.env.VITE_BOOKING_URL,
  VITE_BOOKING_PROVIDER: import.meta.env.VITE_BOOKING_PROVIDER,
})
