import { useState } from 'react'
import type { LeadBooking } from '../../../common/booking-api.ts'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import { useUnmatchedBookings } from '../api/bookings.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { formatDateTime } from '../ui/format.ts'
import { Section } from '../ui/section.tsx'
import { FollowUpLine } from './follow-up-line.tsx'
import { LinkBooking } from './link-booking.tsx'

/** A lead's bookings as the provider reported them; what happened to each is in the lead's timeline. */
export function LeadBookings({ bookings }: { bookings: LeadBooking[] }) {
  if (bookings.length === 0) return <p>{bookingCopy.none}</p>
  return (
    <ul className="flex flex-col gap-4">
      {bookings.map((booking, index) => (
        <li key={`${booking.provider}-${index}`}>
          <h3 className="font-semibold">
            {bookingCopy.title(bookingCopy.providers[booking.provider], bookingCopy.states[booking.state])}
          </h3>
          {booking.startsAt && <p>{bookingCopy.callTime(formatDateTime(booking.startsAt))}</p>}
          {booking.cancelReason && <p>{bookingCopy.reason(booking.cancelReason)}</p>}
        </li>
      ))}
    </ul>
  )
}

/** The lead's calls, its follow-up email and a way to link a booking no lead matched; nothing while there is none of these. */
export function BookingsSection({ lead }: { lead: LeadDetail }) {
  const unmatched = useUnmatchedBookings()
  const canLink = !lead.spam && (unmatched.data?.length ?? 0) > 0
  // Once offered, the link form stays: it says "linked" after the last unmatched booking has gone, before the lead is read again.
  const [offered, setOffered] = useState(false)
  if (canLink && !offered) setOffered(true)
  const followUp = lead.deliveries.some((delivery) => delivery.event === 'follow_up')
  if (lead.bookings.length === 0 && !followUp && !canLink && !offered) return null
  return (
    <Section title={bookingCopy.section}>
      <FollowUpLine deliveries={lead.deliveries} />
      <LeadBookings bookings={lead.bookings} />
      {!lead.spam && <LinkBooking leadId={lead.id} />}
    </Section>
  )
}
