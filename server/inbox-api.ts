import './accounts/admin-request.ts'
import fastifyCookie from '@fastify/cookie'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { OutcomeSettings } from '../common/lead-outcome-api.ts'
import { isOwner } from './accounts/owner.ts'
import { passwordRoutes } from './accounts/password-routes.ts'
import { sessionGuard } from './accounts/session-guard.ts'
import { sessionRoutes, signInRoutes } from './accounts/session-routes.ts'
import { setupLinkRoutes } from './accounts/setup-link-routes.ts'
import { createSignInThrottle } from './accounts/sign-in-throttle.ts'
import { teammateRoutes } from './accounts/teammate-routes.ts'
import { totpRoutes } from './accounts/totp-routes.ts'
import { backupRoutes } from './backups/backup-routes.ts'
import type { BackupService } from './backups/backup-service.ts'
import { agendaRoutes } from './bookings/agenda-routes.ts'
import { awaitingLeadRoutes } from './bookings/awaiting-routes.ts'
import { unmatchedBookingRoutes } from './bookings/unmatched-routes.ts'
import { conversionRoutes } from './conversions/conversion-routes.ts'
import type { TestEventSender } from './conversions/ports.ts'
import type { Database } from './db/database.ts'
import { funnelRoutes } from './funnel/funnel-routes.ts'
import { ApiError, answerApiError } from './http/api-error.ts'
import { leadRoutes } from './leads/lead-routes.ts'
import { mergeRoutes } from './leads/merge-routes.ts'
import { outcomeRoutes } from './leads/outcome-routes.ts'
import { ownerRoutes } from './leads/owner-routes.ts'
import { deliveryRoutes } from './notify/delivery-routes.ts'
import type { Notifications } from './notify/notifications.ts'
import { spendRoutes } from './spend/spend-routes.ts'

export interface InboxApiOptions {
  db: Database
  /** ADMIN_SESSION_MAX_DAYS: how long a session lasts from sign-in, however busy. */
  sessionMaxDays: number
  /** INBOX_QUERY_BUDGET_MS: how long one read of the lead routes may run (on PostgreSQL). */
  queryBudgetMs: number
  /** How long after applying a lead without a booking is listed for a follow-up by hand. */
  awaitingMinutes: number
  /** The embedded database's backups; undefined on PostgreSQL. */
  backups?: BackupService
  /** The notifications port (notify/notifications.ts): the routes that queue news wake the notifier. */
  notifications: Notifications
  /** CURRENCY and LOST_REASONS: the outcome form's choices. */
  outcomes: OutcomeSettings
  /** TIMEZONE: the agency's zone, for the days the inbox counts and the times it shows. */
  timeZone: string
  /** The Integrations panel's test events to the ad platforms (conversions/ports.ts). */
  testEvents: TestEventSender
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The lead inbox's API, registered with the prefix ADMIN_API_PATH: the accounts'
 * routes with those of the leads, the funnel and the deliveries. Signing in
 * (and the sign-in page's setup) is open; everything else sits in a child
 * context whose guard requires a session, and for changes its CSRF token
 * (docs/decisions/019-admin-sessions.md). A route added there is guarded
 * without saying so.
 */
export const inboxApi: FastifyPluginAsync<InboxApiOptions> = async (
  app,
  { db, sessionMaxDays, queryBudgetMs, awaitingMinutes, backups, notifications, outcomes, timeZone, testEvents },
) => {
  await app.register(fastifyCookie)
  // Null until the guard sets it; only guarded routes read it.
  app.decorateRequest('admin', null as unknown as FastifyRequest['admin'])
  app.setErrorHandler(answerApiError)

  // JSON only: a form another site posts (text/plain, urlencoded, multipart)
  // needs no preflight, so it is refused before it reaches a route.
  app.removeContentTypeParser('text/plain')

  // Browsers say where a request comes from in Sec-Fetch-Site, which pages cannot
  // set: a change started by another site is refused even before the token check.
  app.addHook('onRequest', async (request) => {
    const site = request.headers['sec-fetch-site']
    if (CHANGES.has(request.method) && site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new ApiError(403, 'Changes to the inbox are only accepted from the inbox itself.')
    }
  })

  const throttle = createSignInThrottle(db)
  await app.register(signInRoutes, { db, throttle, timeZone })
  await app.register(setupLinkRoutes, { db, timeZone })

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', sessionGuard(db, sessionMaxDays))
    await guarded.register(sessionRoutes, { db, timeZone })
    await guarded.register(totpRoutes, { db, throttle })
    await guarded.register(passwordRoutes, { db, throttle })
    await guarded.register(teammateRoutes, { db })
    await guarded.register(leadRoutes, { db, queryBudgetMs, notifications, timeZone })
    await guarded.register(outcomeRoutes, { db, notifications, outcomes })
    await guarded.register(mergeRoutes, { db })
    await guarded.register(ownerRoutes, { db })
    await guarded.register(funnelRoutes, { db, timeZone, currency: outcomes.currency })
    await guarded.register(spendRoutes, { db, timeZone, currency: outcomes.currency })
    await guarded.register(deliveryRoutes, { db, notifications })
    await guarded.register(conversionRoutes, { db, testEvents })
    await guarded.register(unmatchedBookingRoutes, { db })
    await guarded.register(agendaRoutes, { db, timeZone })
    await guarded.register(awaitingLeadRoutes, { db, afterMinutes: awaitingMinutes })
    await guarded.register(backupRoutes, { db, backups, isOwner: (accountId) => isOwner(db, accountId) })
    // Unknown paths answer 404 only to the signed in: nobody else learns which exist.
    guarded.all('/*', async () => {
      throw new ApiError(404, 'There is no such inbox route.')
    })
  })
}
