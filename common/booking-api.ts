/** What the inbox's API says of bookings (server/bookings/ keeps them; ADR 026). */

/** The booking providers whose webhooks the server takes, and how people see their names. */
export const PROVIDER_NAMES = { calendly: 'Calendly', calcom: 'Cal.com' } as const
export type BookingProvider = keyof typeof PROVIDER_NAMES

/** The paths the providers post their webhooks to. */
export const BOOKING_WEBHOOK_PATHS: Readonly<Record<BookingProvider, string>> = {
  calendly: '/api/bookings/calendly',
  calcom: '/api/bookings/calcom',
}

export const BOOKING_STATES = ['scheduled', 'canceled', 'no_show'] as const
export type BookingState = (typeof BOOKING_STATES)[number]

/** A lead's call as the list shows it: the booking still on, else the latest one. */
export interface LeadBookingSummary {
  state: BookingState
  /** The call's start (UTC, ISO 8601); null when the provider has not said. */
  startsAt: string | null
}

/**
 * The list's booking filter: any booking, none, a call still to come, every
 * booking cancelled, a no-show, and a call that has started with no outcome
 * yet ("Needs an outcome", ADR 040).
 */
export const BOOKING_FILTERS = ['booked', 'not_booked', 'upcoming', 'canceled', 'no_show', 'needs_outcome'] as const
export type BookingFilter = (typeof BOOKING_FILTERS)[number]

/**
 * What a notification announces: a new lead, what happened to its booking,
 * the follow-up email to an applicant who has not booked, or a deal won or lost.
 */
export const DELIVERY_EVENTS = [
  'application.created',
  'booking.created',
  'booking.rescheduled',
  'booking.canceled',
  'booking.no_show',
  'follow_up',
  'lead.won',
  'lead.lost',
] as const
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number]
export type BookingDeliveryEvent = Extract<DeliveryEvent, `booking.${string}`>
/** An outcome entered after the call: a deal won or lost (ADR 040). */
export type OutcomeDeliveryEvent = Extract<DeliveryEvent, `lead.${string}`>

export const BOOKING_EVENT_KINDS = [
  'created',
  'rescheduled',
  'canceled',
  'no_show',
  'no_show_removed',
  'linked',
] as const
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number]

/** One line of a booking's timeline: what happened, when (by the provider's clock). */
export interface BookingEventLine {
  kind: BookingEventKind
  at: string
}

/** A booking of the lead, with its timeline, oldest line first. */
export interface LeadBooking {
  provider: BookingProvider
  state: BookingState
  startsAt: string | null
  endsAt: string | null
  cancelReason: string | null
  events: BookingEventLine[]
}

/** A booking no lead matched (GET /api/admin/bookings/unmatched), newest first. */
export interface UnmatchedBooking {
  id: number
  provider: BookingProvider
  attendeeEmail: string | null
  attendeeName: string | null
  startsAt: string | null
  state: BookingState
  receivedAt: string
}

/** The most unmatched bookings the inbox lists at once. */
export const UNMATCHED_LIMIT = 200

/**
 * GET /api/admin/bookings/awaiting: open leads (new or contacted) of the last
 * AWAITING_DAYS that applied at least `afterMinutes` ago (FOLLOW_UP_AFTER_MINUTES,
 * else DEFAULT_AWAITING_MINUTES) and have no booking, newest first: the ones
 * to follow up by hand, whether or not the follow-up email went.
 */
export interface AwaitingLeads {
  afterMinutes: number
  leads: AwaitingLead[]
}

export interface AwaitingLead {
  id: number
  name: string
  email: string
  appliedAt: string
  /** The follow-up email's delivery, if one was queued. */
  followUp: 'pending' | 'delivered' | 'failed' | null
}

export const DEFAULT_AWAITING_MINUTES = 60
export const AWAITING_DAYS = 30
export const AWAITING_LIMIT = 200
