import { CONTACT_FIELDS } from '../../common/application-form.ts'
import type { BookingDeliveryEvent, BookingProvider, OutcomeDeliveryEvent } from '../../common/booking-api.ts'
import type { Row } from '../db/database.ts'

/*
 * What a claimed delivery tells its channel, read from the rows the outbox's
 * claim returns (outbox.ts): the lead, a booking event, an outcome.
 */

/** What is sent about a lead, read from its row when it is sent. */
export interface LeadData {
  id: number
  submission_id: string
  created_at: string
  answers: Record<string, string>
  /** The application's attribution column, null where there is none (or no column yet). */
  attribution: unknown
}

/** What is sent about a booking event of a lead, read when it is sent. */
export interface BookingNotice {
  event: BookingDeliveryEvent
  /** When it happened, by the provider's clock (ISO 8601): the same on every retry. */
  occurredAt: string
  provider: BookingProvider
  /** The provider's id of the booking. */
  bookingId: string
  startsAt: string | null
  endsAt: string | null
  cancelReason: string | null
  /** For a reschedule: the provider's id of the booking it replaces. */
  replaces: string | null
}

/** What is sent about an outcome entered after a lead's call (lead.won, lead.lost), read when it is sent. */
export interface OutcomeNotice {
  event: OutcomeDeliveryEvent
  /** When it was entered: the same on every retry. */
  at: string
  /** The won amount in the currency's minor units, as text (exact); null for lost. */
  amountMinor: string | null
  currency: string | null
  lostReason: string | null
  note: string | null
  /** Who entered it (an account's email). */
  author: string
}

export const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)))

export function outcomeNotice(event: OutcomeDeliveryEvent, row: Row): OutcomeNotice {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
  return {
    event,
    at: asDate(row.at).toISOString(),
    amountMinor: text(row.amount_minor),
    currency: text(row.currency),
    lostReason: text(row.lost_reason),
    note: text(row.note),
    author: String(row.author),
  }
}

export function leadData(row: Row): LeadData {
  return {
    id: Number(row.id),
    submission_id: String(row.submission_id),
    created_at: asDate(row.created_at).toISOString(),
    answers: Object.fromEntries(CONTACT_FIELDS.map((field) => [field, String(row[field] ?? '')])),
    attribution: row.attribution ?? null,
  }
}

const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : asDate(value).toISOString())

export function bookingNotice(event: BookingDeliveryEvent, row: Row): BookingNotice {
  return {
    event,
    occurredAt: asDate(row.occurred_at).toISOString(),
    provider: row.provider as BookingProvider,
    bookingId: String(row.booking_id),
    startsAt: isoOrNull(row.starts_at),
    endsAt: isoOrNull(row.ends_at),
    cancelReason: (row.cancel_reason as string | null) ?? null,
    replaces: (row.replaces as string | null) ?? null,
  }
}
