import type { BookingProvider } from '../../common/booking-api.ts'

export type { BookingProvider }

/**
 * What happened to a booking, whichever provider said it. `requested` is a
 * booking waiting for the host's confirmation (Cal.com's BOOKING_REQUESTED):
 * not a booking yet, only the link from its id to the lead.
 */
export type BookingChange = 'requested' | 'created' | 'canceled' | 'no_show' | 'no_show_removed'

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
  /** When it happened, by the provider's clock (ISO 8601); for Cal.com, the delivery's `createdAt`. */
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
  /**
   * The cancel is the first half of a reschedule whose new booking the
   * provider reports too (Calendly's `rescheduled`). Not Cal.com's
   * `requestReschedule`: there the host asks the applicant to book again,
   * which may never happen, so that cancel is news of its own.
   */
  rescheduled?: boolean
  cancelReason?: string
  /** The link to join the call (a video meeting), when the provider gave one: http(s) only. */
  joinUrl?: string
}

/** A delivery of an event we do not handle: answered 200 and left alone. */
export interface IgnoredDelivery {
  ignored: string
}

/** Keeps at most `max` characters, so an odd payload cannot break a column's check. */
export const clip = (text: string | null | undefined, max: number) =>
  text == null || text === '' ? undefined : text.slice(0, max)

/**
 * A join link as a provider sent it, kept when it is an http(s) URL a column holds, written as the URL parser
 * writes it (a scheme in capitals comes out lower-case, as the column's check wants); anything else is dropped.
 */
export function joinLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000 || !/^https?:\/\//iu.test(value)) return undefined
  try {
    const url = new URL(value)
    return url.protocol.startsWith('http') && url.href.length <= 2000 ? url.href : undefined
  } catch {
    return undefined
  }
}
