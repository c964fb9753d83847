import type { FastifyInstance } from 'fastify'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import type { NotificationConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { SiteManifest } from '../../common/site-manifest.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'
import { channelsFor } from './channels.ts'
import { followUpChannel } from './follow-up.ts'
import { followUpSweepMs, queueFollowUps } from './follow-up-sweep.ts'
import { unsubscribeSigner } from './unsubscribe-link.ts'
import { unsubscribeRoutes } from './unsubscribe-routes.ts'
import { startNotifier, type Notifier } from './notifier.ts'

/** Routes after whose success there is something to send. */
const WAKING_ROUTES: ReadonlySet<string> = new Set([
  CONTACT_SUBMISSIONS_PATH,
  `${ADMIN_API_PATH}/deliveries/:id/resend`,
  `${ADMIN_API_PATH}/leads/:id/not-spam`,
  ...Object.values(BOOKING_WEBHOOK_PATHS),
])

/**
 * Announces new leads and their bookings from the outbox (migrations/006, 013)
 * while the app runs, and, with FOLLOW_UP_AFTER_MINUTES, sweeps for applicants
 * to follow up. It starts once the app is ready, never delays that, and
 * closing the app waits for sends in flight to be recorded, so the database can
 * close after. With no channel configured it still empties the outbox: nothing
 * is queued. A lead stored through this server, a booking webhook, a resend or a
 * lead taken out of spam in the inbox wakes it at once, after the answer has gone; leads stored
 * elsewhere (another instance, Supabase) wait for a poll. The follow-up's
 * unsubscribe link is served here too, whether follow-ups are on or not.
 */
export function registerLeadNotifications(app: FastifyInstance, db: Database, config: NotificationConfig, site: SiteManifest) {
  let notifier: Notifier | undefined
  const signer = unsubscribeSigner(db)
  const { followUp } = config
  const channels = [
    ...channelsFor(config),
    ...(followUp === undefined ? [] : [followUpChannel({ db, config: followUp, booking: site.booking, unsubscribe: signer })]),
  ]
  app.addHook('onReady', async () => {
    notifier = startNotifier({ db, channels, log: app.log })
  })
  if (followUp !== undefined) {
    registerPeriodicSweep(app, {
      intervalMs: followUpSweepMs(followUp.afterMinutes),
      run: async () => {
        if ((await queueFollowUps(db, followUp.afterMinutes)) > 0) notifier?.wake()
      },
      failure: 'follow-ups: the leads due one could not be queued; trying again',
    })
  }
  // Always on: a link in an email already sent keeps working after follow-ups are turned off.
  app.register(unsubscribeRoutes, { db, signer })
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'POST' || reply.statusCode >= 300) return
    if (WAKING_ROUTES.has(request.routeOptions.url ?? '')) notifier?.wake()
  })
  app.addHook('onClose', async () => {
    await notifier?.stop()
  })
}
