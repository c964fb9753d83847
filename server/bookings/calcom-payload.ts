import { z } from 'zod'
import { clip, joinLink, type BookingEvent, type IgnoredDelivery } from './booking-event.ts'

const time = z.iso.datetime({ offset: true })
const text = z.string().nullish()
const answer = z.object({ value: z.unknown().optional() }).nullish()

// The fields we read of Cal.com's booking payload; the rest is left unread.
const booking = z.object({
  uid: z.string().min(1, 'must not be empty').max(500).nullish(),
  bookingUid: z.string().min(1, 'must not be empty').max(500).nullish(),
  startTime: time.nullish(),
  endTime: time.nullish(),
  attendees: z.array(z.object({ email: text, name: text, noShow: z.boolean().nullish() })).nullish(),
  responses: z.object({ name: answer, email: answer }).nullish(),
  // videoCallUrl: the meeting's link, which Cal.com puts here for a video location (Cal Video, Zoom, Meet).
  metadata: z.object({ application_id: z.unknown().optional(), videoCallUrl: z.unknown().optional() }).nullish(),
  rescheduleUid: text,
  cancellationReason: text,
  requestReschedule: z.boolean().nullish(),
})

const envelope = z.object({ triggerEvent: z.string(), createdAt: time, payload: z.unknown() })

/**
 * The triggers we act on. BOOKING_REQUESTED (an event type that needs the
 * host's confirmation) only links the booking's uid to its lead: the
 * confirmation's BOOKING_CREATED carries no metadata of ours. Cal Video's own
 * no-show check sends AFTER_GUESTS_CAL_VIDEO_NO_SHOW when the applicant did
 * not join. AFTER_HOSTS_CAL_VIDEO_NO_SHOW (the host did not join) is left
 * alone: the applicant is no no-show for it (ADR 034).
 */
const CHANGES = {
  BOOKING_REQUESTED: 'requested',
  BOOKING_CREATED: 'created',
  BOOKING_RESCHEDULED: 'created',
  BOOKING_CANCELLED: 'canceled',
  BOOKING_NO_SHOW_UPDATED: 'no_show',
  AFTER_GUESTS_CAL_VIDEO_NO_SHOW: 'no_show',
} as const

const asText = (value: unknown) => (typeof value === 'string' ? value : undefined)

/**
 * Reads a Cal.com delivery (already verified) into a BookingEvent, or says it
 * is an event we do not handle. Throws a ZodError for a body that is not the
 * documented shape.
 */
export function readCalcomDelivery(body: unknown): BookingEvent | IgnoredDelivery {
  const delivery = envelope.parse(body)
  const trigger = delivery.triggerEvent
  let change = CHANGES[trigger as keyof typeof CHANGES] as BookingEvent['change'] | undefined
  if (change === undefined) return { ignored: trigger }
  const payload = booking.parse(delivery.payload)
  const bookingId = payload.uid ?? payload.bookingUid
  if (!bookingId)
    throw new z.ZodError([
      { code: 'custom', path: ['payload', 'uid'], message: 'the booking has no uid', input: undefined },
    ])
  const [attendee] = payload.attendees ?? []
  // The attendee's own switch, either way; Cal Video's check only ever marks.
  if (trigger === 'BOOKING_NO_SHOW_UPDATED' && !(payload.attendees ?? []).some((one) => one.noShow === true))
    change = 'no_show_removed'
  return {
    provider: 'calcom',
    key: [trigger, bookingId, delivery.createdAt].join(' '),
    change,
    bookingId,
    occurredAt: delivery.createdAt,
    applicationRef: clip(asText(payload.metadata?.application_id), 100),
    email: clip(attendee?.email ?? asText(payload.responses?.email?.value), 320),
    name: clip(attendee?.name ?? asText(payload.responses?.name?.value), 300),
    startsAt: payload.startTime ?? undefined,
    endsAt: payload.endTime ?? undefined,
    replaces: trigger === 'BOOKING_RESCHEDULED' ? clip(payload.rescheduleUid, 500) : undefined,
    // The host's "request reschedule" writes "Please reschedule. <their reason>" here.
    cancelReason:
      clip(payload.cancellationReason?.trim(), 1000) ??
      (payload.requestReschedule ? 'Reschedule requested' : undefined),
    joinUrl: joinLink(payload.metadata?.videoCallUrl),
  }
}
