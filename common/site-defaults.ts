/**
 * Default third-party URLs. The page uses them unless VITE_VIDEO_URL or
 * VITE_BOOKING_URL is set at build time; the build records the video's origin
 * in its site manifest, so that the server's Content-Security-Policy allows
 * exactly that host.
 */
export const DEFAULT_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'
export const DEFAULT_BOOKING_URL = 'https://calendly.com/brandscale/30min'
