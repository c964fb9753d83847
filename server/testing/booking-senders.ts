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
}

export const calendlyInviteeUri = () => `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`

/** A Calendly delivery of `event` about the invitee, signed with `key` at `t` (unix seconds; now by default). */
export function calendlyDelivery(
  event: string,
  invitee: Invitee,
  { key, t = Math.floor(Date.now() / 1000), createdAt = new Date().toISOString() }: { key: string; t?: number; createdAt?: string },
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
      questions_and_answers: [{ question: 'Anything we should know?', answer: 'Private notes the server must not keep', position: 0 }],
      scheduled_event: {
        uri: eventUri,
        name: 'Strategy call',
        start_time: invitee.startTime ?? '2026-12-01T14:30:00.000000Z',
        end_time: invitee.endTime ?? '2026-12-01T15:00:00.000000Z',
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
}

/** A Cal.com delivery of `trigger` about the booking, signed with `secret` (or with the header given). */
export function calcomDelivery(
  trigger: string,
  booking: CalcomBooking,
  { secret, createdAt = new Date().toISOString(), signature }: { secret: string; createdAt?: string; signature?: string },
): Delivery {
  const uid = booking.uid ?? randomUUID()
  const attendee = { email: booking.email ?? 'ada@example.com', name: booking.name ?? 'Ada Lovelace', timeZone: 'Europe/London' }
  const payload =
    trigger === 'BOOKING_NO_SHOW_UPDATED'
      ? { message: 'x', bookingUid: uid, bookingId: 42, attendees: [{ email: attendee.email, noShow: booking.noShow ?? true }] }
      : {
          type: 'strategy-call',
          title: 'Strategy call',
          uid,
          bookingId: 42,
          startTime: booking.startTime ?? '2026-12-01T14:30:00.000Z',
          endTime: booking.endTime ?? '2026-12-01T15:00:00.000Z',
          status: trigger === 'BOOKING_CANCELLED' ? 'CANCELLED' : 'ACCEPTED',
          organizer: { email: 'team@agency.example', name: 'Team', timeZone: 'Europe/London' },
          attendees: [attendee],
          responses: { name: { value: attendee.name }, email: { value: attendee.email }, notes: { value: 'Private notes' } },
          // Cal.com drops metadata on cancels; so does this stand-in.
          metadata: trigger === 'BOOKING_CANCELLED' || booking.applicationId === undefined ? {} : { application_id: booking.applicationId },
          ...(booking.rescheduleUid === undefined ? {} : { rescheduleUid: booking.rescheduleUid }),
          ...(trigger === 'BOOKING_CANCELLED'
            ? { cancellationReason: booking.cancellationReason ?? null, requestReschedule: booking.requestReschedule ?? false }
            : {}),
        }
  const body = JSON.stringify({ triggerEvent: trigger, createdAt, payload })
  const header = signature ?? createHmac('sha256', secret).update(body).digest('hex')
  return { body, headers: { 'content-type': 'application/json', 'x-cal-signature-256': header, 'x-cal-webhook-version': '2021-10-20' } }
}
