import type { DeliveryEvent } from '../../common/booking-api.ts'
import type { Outcome } from './finish-attempts.ts'
import type { BookingNotice, LeadData, OutcomeNotice } from './notices.ts'
import type { OutboxFamily } from './outbox.ts'

/** One message about one lead, as a channel sends it. */
export interface LeadMessage {
  /** Stable across retries: receivers drop duplicates by it. */
  messageId: string
  event: DeliveryEvent
  lead: LeadData
  /** What happened to the lead's booking, for a `booking.*` event. */
  booking?: BookingNotice
  /** The outcome entered after the call, for a `lead.won` or `lead.lost` event. */
  outcome?: OutcomeNotice
}

export interface SendResult {
  /** The HTTP status, when there was an answer. */
  status?: number
  error?: string
  /** What the answer means; a retry's delay is the worker's to choose. */
  verdict: 'delivered' | 'retry' | 'failed' | 'gone'
  /** The receiver's Retry-After, in milliseconds. */
  retryAfterMs?: number
}

/** Somewhere a lead's news goes: a webhook URL, Slack, email, or the applicant (the follow-up). */
export interface Channel {
  /** Names it in the database, without secrets. */
  target: string
  /** What may be logged and shown of it. */
  label: string
  /** Which outbox rows become its deliveries: new leads, booking events, outcomes, or none (the follow-up makes its own). */
  takes: readonly OutboxFamily[]
  /** Sends in flight to it at once from one server, at most, when it needs fewer than other channels. */
  concurrency?: number
  send(message: LeadMessage, signal: AbortSignal): Promise<SendResult>
}

export type { Outcome }
