import type { BookingProvider } from '../../common/booking-api.ts'

export type { BookingProvider }

/** What happened to a booking, whichever provider said it. */
export type BookingChange = 'created' | 'canceled' | 'no_show' | 'no_show_removed'

/**
 * One webhook delivery, read into what we keep of it: the booking it is about,
 * what happened, and the few details the inbox shows. Every detail is optional,
 * since a cancel or a no-show may arrive without them (Cal.com drops metadata
 * there) and before the booking's own create.
 */
export interface BookingEvent {
  provider: BookingProvider
  /** The delivery's idempotency key: a delivery with a key already applied changes nothing. */
  key: string
  change: BookingChange
  /** The provider's id of the booking (Calendly's invitee URI, Cal.com's uid). */
  bookingId: string
  /** When it happened, by the provider's clock (ISO 8601). */
  occurredAt: string
  /** The application id we put in the booking link (a submission_id), as it came back. */
  applicationRef?: string
  email?: string
  name?: string
  startsAt?: string
  endsAt?: string
  /** For a booking made by rescheduling: the provider's id of the one it replaces. */
  replaces?: string
  /** For a cancel that is part of a reschedule: the provider's id of the new booking, when given. */
  replacedBy?: string
  /** The cancel is a reschedule (Calendly's `rescheduled`, Cal.com's `requestReschedule`). */
  rescheduled?: boolean
  cancelReason?: string
}

/** A delivery of an event we do not handle: answered 200 and left alone. */
export interface IgnoredDelivery {
  ignored: string
}

/** Keeps at most `max` characters, so an odd payload cannot break a column's check. */
export const clip = (text: string | null | undefined, max: number) => (text == null || text === '' ? undefined : text.slice(0, max))
