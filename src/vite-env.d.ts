/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
  readonly VITE_API_ANON_KEY?: string
  readonly VITE_VIDEO_URL?: string
  readonly VITE_BOOKING_URL?: string
  // The values of common/booking-link.ts (BOOKING_PAGE_PROVIDERS), spelled out: an import would make this file a module and hide it from the page.
  readonly VITE_BOOKING_PROVIDER?: 'calendly' | 'calcom' | 'none' | ''
}
