import type { LeadBooking } from '../../../common/booking-api.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { formatDateTime } from '../format.ts'

/** A lead's bookings as the provider reported them, each with its timeline. */
export function LeadBookings({ bookings }: { bookings: LeadBooking[] }) {
  if (bookings.length === 0) return <p>{bookingCopy.none}</p>
  return (
    <ul className="flex flex-col gap-4">
      {bookings.map((booking, index) => (
        <li key={`${booking.provider}-${index}`}>
          <h3 className="font-semibold">{bookingCopy.title(bookingCopy.providers[booking.provider], bookingCopy.states[booking.state])}</h3>
          {booking.startsAt && <p>{bookingCopy.callTime(formatDateTime(booking.startsAt))}</p>}
          {booking.cancelReason && <p>{bookingCopy.reason(booking.cancelReason)}</p>}
          <ol className="mt-1 flex flex-col gap-1 text-sm">
            {booking.events.map((event) => (
              <li key={`${event.kind}-${event.at}`}>
                {bookingCopy.events[event.kind]} <span className="text-ink/75">({formatDateTime(event.at)})</span>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  )
}
