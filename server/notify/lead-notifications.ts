import type { FastifyPluginAsync } from 'fastify'
import type { SiteManifest } from '../../common/site-manifest.ts'
import type { NotificationConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'
import { channelsFor } from './channels.ts'
import { followUpSweepMs, queueFollowUps } from './follow-up-sweep.ts'
import { followUpChannel } from './follow-up.ts'
import type { Notifications } from './notifications.ts'
import type { Notifier } from './notifier-options.ts'
import { startNotifier } from './notifier.ts'
import { unsubscribeSigner } from './unsubscribe-link.ts'
import { unsubscribeRoutes } from './unsubscribe-routes.ts'

export interface LeadNotificationsOptions {
  db: Database
  config: NotificationConfig
  site: SiteManifest
  /** How often the notifier looks at the outbox when nothing wakes it; the notifier's default if left out. */
  pollMs?: number
}

export interface LeadNotifications {
  /** The port handed to the features that queue news (notifications.ts). */
  notifications: Notifications
  /** Runs the notifier while the app runs, and serves the follow-up's unsubscribe link. */
  plugin: FastifyPluginAsync
}

// The same news still waiting is one announcement: a lead taken out of spam whose first one is not sent yet.
// A booking's line is new in the caller's transaction, so its news never meets another.
const ENQUEUE =
  'INSERT INTO lead_outbox (application_id, booking_event_id, outcome_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING'

/**
 * Announces new leads and their bookings from the outbox (migrations/006, 013)
 * while the app runs, and, with FOLLOW_UP_AFTER_MINUTES, sweeps for applicants
 * to follow up. The notifier starts once the app is ready, never delays that,
 * and closing the app waits for sends in flight to be recorded, so the database
 * can close after. With no channel configured it still empties the outbox:
 * nothing is queued. The routes that queue news (a lead stored through this
 * server, a booking webhook, a resend, a lead taken out of spam) wake it
 * themselves once their answer has gone (wakeAfterSuccess); leads stored
 * elsewhere (another instance, Supabase) wait for a poll. The follow-up's
 * unsubscribe link is served here too, whether follow-ups are on or not.
 */
export function leadNotifications({ db, config, site, pollMs }: LeadNotificationsOptions): LeadNotifications {
  let notifier: Notifier | undefined
  const notifications: Notifications = {
    enqueue: async (tx, { applicationId, bookingEventId, outcomeId }) => {
      await tx.query(ENQUEUE, [applicationId, bookingEventId ?? null, outcomeId ?? null])
    },
    // Before the app is ready there is no notifier yet: its first look, at start, finds what was queued.
    wake: () => notifier?.wake(),
  }
  const plugin: FastifyPluginAsync = async (app) => {
    const signer = unsubscribeSigner(db)
    const { followUp } = config
    const channels = [
      ...channelsFor(config),
      ...(followUp === undefined
        ? []
        : [followUpChannel({ db, config: followUp, booking: site.booking, unsubscribe: signer })]),
    ]
    app.addHook('onReady', async () => {
      notifier = startNotifier({ db, channels, log: app.log, pollMs })
    })
    if (followUp !== undefined) {
      registerPeriodicSweep(app, {
        intervalMs: followUpSweepMs(followUp.afterMinutes),
        run: async () => {
          if ((await queueFollowUps(db, followUp.afterMinutes)) > 0) notifications.wake()
        },
        failure: 'follow-ups: the leads due one could not be queued; trying again',
      })
    }
    // Always on: a link in an email already sent keeps working after follow-ups are turned off.
    await app.register(unsubscribeRoutes, { db, signer })
    app.addHook('onClose', async () => {
      await notifier?.stop()
    })
  }
  return { notifications, plugin }
}
