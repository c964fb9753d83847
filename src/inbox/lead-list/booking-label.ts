import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { formatFullCallTime } from '../ui/format.ts'

/**
 * The lead's call at a glance, its date and time in full on the agency's clock:
 * "Call Sat 28 Nov 2026, 09:00", "Cancelled", "No-show", or nothing without a booking.
 */
export function bookingLabel({ booking }: LeadSummary): string {
  if (booking === null) return ''
  if (booking.state === 'scheduled')
    return booking.startsAt === null ? bookingCopy.callBooked : bookingCopy.call(formatFullCallTime(booking.startsAt))
  return bookingCopy.states[booking.state]
}
