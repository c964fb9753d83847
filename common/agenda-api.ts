/**
 * The calls agenda (GET /api/admin/calls): the calls still on, by their start,
 * in the agency's days (TIMEZONE), and the past calls no outcome was entered
 * for. Free of zod, like admin-api.ts; agenda-api-schema.ts checks the request.
 */
import type { BookingProvider } from './booking-api.ts'
import type { LeadStatus } from './lead-status.ts'
import type { LeadOwner } from './owner-api.ts'

export const AGENDA_PATH = '/calls'

/**
 * Today, tomorrow, the rest of the 7 days from today ("This week"), and the
 * calls that have started without an outcome ("Past, no outcome"), which
 * leave the other sections as soon as they start.
 */
export const AGENDA_SECTIONS = ['today', 'tomorrow', 'week', 'past'] as const
export type AgendaSectionId = (typeof AGENDA_SECTIONS)[number]

/** The most calls a section lists; `more` says when there are others. */
export const AGENDA_SECTION_LIMIT = 200

export interface AgendaCall {
  bookingId: number
  leadId: number
  /** The lead's name as it applied (may be empty: the inbox writes #id then). */
  leadName: string
  status: LeadStatus
  /** UTC, ISO 8601. */
  startsAt: string
  endsAt: string | null
  provider: BookingProvider
  /** The link to join the call when the provider gave one. */
  joinUrl: string | null
  /** Whose call it is: the lead's owner, null while nobody owns it. */
  owner: LeadOwner | null
}

export interface AgendaSection {
  id: AgendaSectionId
  /** Oldest start first. */
  calls: AgendaCall[]
  more: boolean
}

export interface Agenda {
  /** TIMEZONE: the zone the sections' days are counted in, and the times are to be shown in. */
  timeZone: string
  /** Today's date in that zone (YYYY-MM-DD). */
  today: string
  sections: AgendaSection[]
}
