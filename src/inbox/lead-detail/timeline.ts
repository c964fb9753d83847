import type { BookingEventLine, LeadBooking } from '../../../common/booking-api.ts'
import type { LeadDelivery, LeadDetail, LeadNote, LeadStatusChange } from '../../../common/lead-page-api.ts'
import type { LeadOwnerChange } from '../../../common/owner-api.ts'

/** One line of a lead's timeline: what happened, and when. */
export type TimelineEntry =
  | { kind: 'applied'; at: string; key: string }
  | { kind: 'status'; at: string; key: string; change: LeadStatusChange }
  | { kind: 'note'; at: string; key: string; note: LeadNote }
  | { kind: 'delivery'; at: string; key: string; delivery: LeadDelivery }
  | { kind: 'booking-page'; at: string; key: string }
  | { kind: 'booking'; at: string; key: string; booking: LeadBooking; event: BookingEventLine }
  | { kind: 'owner'; at: string; key: string; change: LeadOwnerChange }

type TimelineSource = Pick<
  LeadDetail,
  'receivedAt' | 'history' | 'notes' | 'deliveries' | 'bookingOpenedAt' | 'bookings' | 'ownerChanges'
>

/** A notification stands where it was last tried, or where it was queued when it has not been yet. */
const deliveryTime = (delivery: LeadDelivery) => delivery.attempts.at(-1)?.startedAt ?? delivery.queuedAt

/**
 * Everything that happened to a lead, newest first: the latest is what a
 * teammate opens the page to see, and it sits next to the note box. Times are
 * the API's UTC text of one width, so they sort as text; of two at the same
 * time, the one that came later in the lead's life comes first.
 */
export function timelineOf(lead: TimelineSource): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { kind: 'applied', at: lead.receivedAt, key: 'applied' },
    ...(lead.bookingOpenedAt ? [{ kind: 'booking-page' as const, at: lead.bookingOpenedAt, key: 'booking-page' }] : []),
    ...lead.history.map((change, index) => ({
      kind: 'status' as const,
      at: change.at,
      key: `status-${index}`,
      change,
    })),
    ...lead.bookings.flatMap((booking, bookingIndex) =>
      booking.events.map((event, index) => ({
        kind: 'booking' as const,
        at: event.at,
        key: `booking-${bookingIndex}-${index}`,
        booking,
        event,
      })),
    ),
    ...lead.deliveries.map((delivery) => ({
      kind: 'delivery' as const,
      at: deliveryTime(delivery),
      key: `delivery-${delivery.id}`,
      delivery,
    })),
    ...lead.notes.map((note) => ({ kind: 'note' as const, at: note.at, key: `note-${note.id}`, note })),
    ...lead.ownerChanges.map((change, index) => ({
      kind: 'owner' as const,
      at: change.at,
      key: `owner-${index}`,
      change,
    })),
  ]
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => (a.entry.at === b.entry.at ? b.order - a.order : a.entry.at < b.entry.at ? 1 : -1))
    .map(({ entry }) => entry)
}
