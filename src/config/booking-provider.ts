/**
 * Whose booking page VITE_BOOKING_URL is, which decides the format of its
 * prefill: Calendly's, Cal.com's, or none (the URL is opened as it is).
 */
export const BOOKING_PROVIDERS = ['calendly', 'calcom', 'none'] as const

export type BookingProvider = (typeof BOOKING_PROVIDERS)[number]
