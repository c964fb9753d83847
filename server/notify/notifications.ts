import type { onResponseAsyncHookHandler } from 'fastify'
import type { Queryable } from '../db/database.ts'

/** What there is to announce of a lead: the lead itself, a line of its booking's history, or its outcome. */
export interface LeadNews {
  applicationId: number
  /** The booking_events line to announce; left out, the lead itself (as when it arrived). */
  bookingEventId?: number
  /** The lead_outcomes row to announce (lead.won, lead.lost). */
  outcomeId?: number
}

/**
 * What other features need of the notifications: notify/'s port. app.ts builds
 * one (lead-notifications.ts) and hands it to the routes and functions that
 * queue news, as it hands them the database.
 */
export interface Notifications {
  /**
   * Queues `news` in the outbox inside the caller's transaction `tx`, so the
   * change and its announcement are kept together or not at all. The same news
   * still waiting is queued once.
   */
  enqueue(tx: Queryable, news: LeadNews): Promise<void>
  /** The notifier looks at the outbox now rather than at its next poll; call it once the change is committed. */
  wake(): void
}

/**
 * A route's onResponse hook: once a successful answer has gone, the notifier
 * looks at the outbox at once. After the answer, so the caller never waits for
 * the look; on success only, since a refused request queued nothing.
 */
export function wakeAfterSuccess(notifications: Notifications): onResponseAsyncHookHandler {
  return async (_request, reply) => {
    if (reply.statusCode < 300) notifications.wake()
  }
}
