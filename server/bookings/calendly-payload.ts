import { z } from 'zod'
import { clip, joinLink, type BookingEvent, type IgnoredDelivery } from './booking-event.ts'

const time = z.iso.datetime({ offset: true })
const text = z.string().nullish()

// The fields we read of Calendly's invitee payload (webhooks API v2); the rest is left unread.
const invitee = z.object({
  uri: z.string().min(1, 'must not be empty').max(500),
  email: text,
  name: text,
  tracking: z.object({ salesforce_uuid: text }).nullish(),
  scheduled_event: z
    .object({
      start_time: time.nullish(),
      end_time: time.nullish(),
      // A video location (zoom, google_conference, microsoft_teams_conference, webex_conference) carries join_url.
      location: z.object({ join_url: z.unknown().optional() }).nullish(),
    })
    .nullish(),
  rescheduled: z.boolean().nullish(),
  old_invitee: text,
  new_invitee: text,
  cancellation: z.object({ reason: text }).nullish(),
  no_show: z.object({ uri: z.string().max(500), created_at: time.nullish() }).nullish(),
})

const envelope = z.object({ event: z.string(), created_at: time, payload: z.unknown() })

const CHANGES = {
  'invitee.created': 'created',
  'invitee.canceled': 'canceled',
  'invitee_no_show.created': 'no_show',
  'invitee_no_show.deleted': 'no_show_removed',
} as const

/**
 * The receipt's key. An invitee is created and canceled once, so the event and
 * the invitee name those deliveries. A no-show may be marked, removed and
 * marked again, and Calendly's `invitee_no_show.deleted` carries no `no_show`
 * (its own sample sends null): two removals would share a key, and the second
 * be dropped as a replay. The envelope's `created_at`, when Calendly made the
 * event, tells them apart; a retry or a replay of one resends the same bytes,
 * so it keeps one key.
 */
function deliveryKey(event: string, createdAt: string, invitee: string, noShow: string | undefined) {
  const parts = [event, invitee, noShow ?? '']
  if (event.startsWith('invitee_no_show.')) parts.push(createdAt)
  return parts.join(' ')
}

/**
 * Reads a Calendly delivery (already verified) into a BookingEvent, or says it
 * is an event we do not handle. Throws a ZodError for a body that is not the
 * documented shape.
 */
export function readCalendlyDelivery(body: unknown): BookingEvent | IgnoredDelivery {
  const delivery = envelope.parse(body)
  const change = CHANGES[delivery.event as keyof typeof CHANGES] as BookingEvent['change'] | undefined
  if (change === undefined) return { ignored: delivery.event }
  const payload = invitee.parse(delivery.payload)
  return {
    provider: 'calendly',
    key: deliveryKey(delivery.event, delivery.created_at, payload.uri, payload.no_show?.uri),
    change,
    bookingId: payload.uri,
    occurredAt: (change === 'no_show' ? payload.no_show?.created_at : undefined) ?? delivery.created_at,
    applicationRef: clip(payload.tracking?.salesforce_uuid, 100),
    email: clip(payload.email, 320),
    name: clip(payload.name, 300),
    startsAt: payload.scheduled_event?.start_time ?? undefined,
    endsAt: payload.scheduled_event?.end_time ?? undefined,
    replaces: clip(payload.old_invitee, 500),
    replacedBy: clip(payload.new_invitee, 500),
    rescheduled: payload.rescheduled ?? undefined,
    cancelReason: clip(payload.cancellation?.reason, 1000),
    joinUrl: joinLink(payload.scheduled_event?.location?.join_url),
  }
}
