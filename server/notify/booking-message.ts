import { PROVIDER_NAMES, type BookingDeliveryEvent } from '../../common/booking-api.ts'
import type { LeadMessage } from './channel.ts'
import type { BookingNotice } from './notices.ts'

// The team reads these wherever they are; UTC is said, not assumed.
const callTime = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
})

const HEADLINES = {
  'booking.created': 'Call booked',
  'booking.rescheduled': 'Call rescheduled',
  'booking.canceled': 'Call cancelled',
  'booking.no_show': 'No-show',
} as const satisfies Record<BookingDeliveryEvent, string>

/** "Tue 26 Nov, 14:30 UTC", or nothing when the provider did not say. */
export const formatCallTime = (iso: string | null) => (iso === null ? '' : `${callTime.format(new Date(iso))} UTC`)

/** One line about a booking event: what happened, to whom, the call's time, where. */
export function bookingHeadline({ lead }: LeadMessage, booking: BookingNotice): string {
  const name = lead.answers.name ?? ''
  const when = formatCallTime(booking.startsAt)
  const reason = booking.event === 'booking.canceled' && booking.cancelReason ? ` (${booking.cancelReason})` : ''
  return `${HEADLINES[booking.event]}: #${lead.id} ${name}${when === '' ? '' : `, ${when}`}${reason} · ${PROVIDER_NAMES[booking.provider]}`
}

/** The `data` of a `booking.*` webhook: the lead it is about, and the booking as it stands. */
export function bookingWebhookData({ lead }: LeadMessage, booking: BookingNotice) {
  return {
    application_id: lead.id,
    submission_id: lead.submission_id,
    provider: booking.provider,
    booking_id: booking.bookingId,
    starts_at: booking.startsAt,
    ends_at: booking.endsAt,
    ...(booking.event === 'booking.canceled' && { cancel_reason: booking.cancelReason }),
    ...(booking.event === 'booking.rescheduled' && { replaces: booking.replaces }),
  }
}
