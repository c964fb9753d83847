import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { formatCallTime } from '../ui/format.ts'

/** The lead's call at a glance: "Call Tue 26 Nov, 14:30", "Cancelled", "No-show", or nothing without a booking. */
export function bookingLabel({ booking }: LeadSummary): string {
  if (booking === null) return ''
  if (booking.state === 'scheduled')
    return booking.startsAt === null ? bookingCopy.callBooked : bookingCopy.call(formatCallTime(booking.startsAt))
  return bookingCopy.states[booking.state]
}
