import type { UnmatchedBooking } from '../../../common/booking-api.ts'

/** Who booked: the name and email the provider gave, whichever it gave. */
export const bookedBy = (booking: UnmatchedBooking) =>
  [booking.attendeeName, booking.attendeeEmail].filter((part): part is string => Boolean(part)).join(' · ') || '—'
