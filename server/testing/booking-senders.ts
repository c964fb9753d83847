import { createHmac, randomUUID } from 'node:crypto'

/**
 * Stand-ins for the booking providers' webhook senders, building deliveries as
 * their docs describe them (the shapes in docs/integrations.md) and signing
 * them the way each does: Calendly over `t.body`, Cal.com over the body.
 */
export interface Delivery {
  body: string
  headers: Record<string, string>
}

export interface Invitee {
  uri?: string
  email?: string
  name?: string
  salesforceUuid?: string | null
  startTime?: string
  endTime?: string
  rescheduled?: boolean
  oldInvitee?: string | null
  newInvitee?: string | null
  cancelReason?: string
  noShow?: { uri: string; created_at: string } | null
  /** A video location's link (scheduled_event.location.join_url); a physical location without one by default. */
  joinUrl?: string
}

export const calendlyInviteeUri = () =>
  `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`

/** A Calendly delivery of `event` about the invitee, signed with `key` at `t` (unix seconds; now by default). */
export function calendlyDelivery(
  event: string,
  invitee: Invitee,
  {
    key,
    t = Math.floor(Date.now() / 1000),
    createdAt = new Date().toISOString(),
  }: { key: string; t?: number; createdAt?: string },
): Delivery {
  const eventUri = `https://api.calendly.com/scheduled_events/${randomUUID()}`
  const body = JSON.stringify({
    event,
    created_at: createdAt,
    created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
    payload: {
      uri: invitee.uri ?? calendlyInviteeUri(),
      email: invitee.email ?? 'ada@example.com',
      name: invitee.name ?? 'Ada Lovelace',
      status: event === 'invitee.canceled' ? 'canceled' : 'active',
      timezone: 'Europe/London',
      event: eventUri,
      tracking: {
        utm_campaign: null,
        utm_source: 'ig',
        utm_medium: null,
        utm_content: null,
        utm_term: null,
        salesforce_uuid: invitee.salesforceUuid ?? null,
      },
      questions_and_answers: [
        { question: 'Anything we should know?', answer: 'Private notes the server must not keep', position: 0 },
      ],
      scheduled_event: {
        uri: eventUri,
        name: 'Strategy call',
        start_time: invitee.startTime ?? '2026-12-01T14:30:00.000000Z',
        end_time: invitee.endTime ?? '2026-12-01T15:00:00.000000Z',
        location:
          invitee.joinUrl === undefined
            ? { type: 'physical', location: 'Calendly Office' }
            : { type: 'zoom', status: 'pushed', join_url: invitee.joinUrl, data: {} },
      },
      rescheduled: invitee.rescheduled ?? false,
      old_invitee: invitee.oldInvitee ?? null,
      new_invitee: invitee.newInvitee ?? null,
      cancel_url: 'https://calendly.com/cancellations/x',
      reschedule_url: 'https://calendly.com/reschedulings/x',
      cancellation:
        event === 'invitee.canceled'
          ? { canceled_by: 'Ada Lovelace', reason: invitee.cancelReason ?? null, canceler_type: 'invitee' }
          : null,
      no_show: invitee.noShow ?? null,
    },
  })
  const v1 = createHmac('sha256', key).update(`${t}.${body}`).digest('hex')
  return { body, headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${t},v1=${v1}` } }
}

export interface CalcomBooking {
  uid?: string
  email?: string
  name?: string
  applicationId?: string
  startTime?: string
  endTime?: string
  rescheduleUid?: string
  cancellationReason?: string
  requestReschedule?: boolean
  noShow?: boolean
  /** The booking's metadata as sent, in place of `applicationId`'s (the confirmation sends only the video link). */
  metadata?: Record<string, unknown>
  /** The host, for the Cal Video no-show triggers and a host's cancel. */
  hostEmail?: string
  /** The meeting's link, in metadata.videoCallUrl beside the application id. */
  videoCallUrl?: string
}

/** A Cal.com delivery of `trigger` about the booking, signed with `secret` (or with the header given). */
export function calcomDelivery(
  trigger: string,
  booking: CalcomBooking,
  {
    secret,
    createdAt = new Date().toISOString(),
    signature,
  }: { secret: string; createdAt?: string; signature?: string },
): Delivery {
  const body = JSON.stringify({ triggerEvent: trigger, createdAt, payload: calcomPayload(trigger, booking) })
  const header = signature ?? createHmac('sha256', secret).update(body).digest('hex')
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-cal-signature-256': header,
      'x-cal-webhook-version': '2021-10-20',
    },
  }
}

/**
 * The payload as Cal.com's source builds it for each trigger (calcom/cal.com):
 * the booking's calendar event for BOOKING_* (handleNewBooking, with status
 * PENDING for BOOKING_REQUESTED; handleConfirmation, whose BOOKING_CREATED
 * carries only `metadata.videoCallUrl`; requestReschedule.handler, a
 * BOOKING_CANCELLED with `requestReschedule` and "Please reschedule. …"),
 * `{message, bookingUid, bookingId, attendees[{email, noShow}]}` for
 * BOOKING_NO_SHOW_UPDATED (webhooks/lib/sendPayload.ts), and the Cal Video
 * check's `{title, bookingId, bookingUid, startTime, endTime, attendees,
 * participants, hostEmail?, eventType, webhook, message}` for
 * AFTER_*_CAL_VIDEO_NO_SHOW (tasker/tasks/triggerNoShow/common.ts).
 */
function calcomPayload(trigger: string, booking: CalcomBooking) {
  const uid = booking.uid ?? randomUUID()
  const attendee = {
    email: booking.email ?? 'ada@example.com',
    name: booking.name ?? 'Ada Lovelace',
    timeZone: 'Europe/London',
  }
  const startTime = booking.startTime ?? '2026-12-01T14:30:00.000Z'
  const endTime = booking.endTime ?? '2026-12-01T15:00:00.000Z'
  const host = booking.hostEmail ?? 'team@agency.example'
  if (trigger === 'BOOKING_NO_SHOW_UPDATED')
    return {
      message: 'x',
      bookingUid: uid,
      bookingId: 42,
      attendees: [{ email: attendee.email, noShow: booking.noShow ?? true }],
    }
  if (trigger === 'AFTER_GUESTS_CAL_VIDEO_NO_SHOW' || trigger === 'AFTER_HOSTS_CAL_VIDEO_NO_SHOW') {
    const guests = trigger === 'AFTER_GUESTS_CAL_VIDEO_NO_SHOW'
    return {
      title: 'Strategy call between Team and Ada Lovelace',
      bookingId: 42,
      bookingUid: uid,
      startTime,
      // The booking's attendee rows, as stored: newer versions mark the guest no-show before sending.
      attendees: [{ id: 7, ...attendee, locale: 'en', bookingId: 42, phoneNumber: null, noShow: guests ? true : null }],
      endTime,
      participants: guests
        ? [{ user_id: '3', participant_id: 'p-1', user_name: 'Team', join_time: 1764599400, duration: 1800 }]
        : [],
      ...(guests ? {} : { hostEmail: host }),
      eventType: { id: 11, slug: 'strategy-call', title: 'Strategy call', length: 30 },
      webhook: {
        id: 'wh-1',
        subscriberUrl: 'https://your-site.example/api/bookings/calcom',
        time: 5,
        timeUnit: 'MINUTE',
      },
      message: guests
        ? "Guest didn't join the call or didn't join before 2026-12-01 14:35:00 +00:00"
        : `Host with email ${host} didn't join the call or didn't join before 2026-12-01 14:35:00 +00:00`,
    }
  }
  const canceled = trigger === 'BOOKING_CANCELLED'
  return {
    type: 'strategy-call',
    title: 'Strategy call',
    uid,
    bookingId: 42,
    startTime,
    endTime,
    status: canceled ? 'CANCELLED' : trigger === 'BOOKING_REQUESTED' ? 'PENDING' : 'ACCEPTED',
    organizer: { email: host, name: 'Team', timeZone: 'Europe/London' },
    attendees: [attendee],
    responses: { name: { value: attendee.name }, email: { value: attendee.email }, notes: { value: 'Private notes' } },
    // Cal.com drops metadata on cancels; so does this stand-in.
    metadata: canceled
      ? {}
      : (booking.metadata ?? {
          ...(booking.applicationId === undefined ? {} : { application_id: booking.applicationId }),
          ...(booking.videoCallUrl === undefined ? {} : { videoCallUrl: booking.videoCallUrl }),
        }),
    ...(booking.rescheduleUid === undefined ? {} : { rescheduleUid: booking.rescheduleUid }),
    ...(canceled
      ? {
          cancellationReason: booking.cancellationReason ?? null,
          requestReschedule: booking.requestReschedule ?? false,
          ...(booking.requestReschedule ? { cancelledBy: host } : {}),
        }
      : {}),
  }
}
