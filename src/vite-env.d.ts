/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
  readonly VITE_API_ANON_KEY?: string
  readonly VITE_VIDEO_URL?: string
  readonly VITE_BOOKING_URL?: string
}
