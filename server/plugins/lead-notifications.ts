import type { FastifyInstance } from 'fastify'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import type { NotificationConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { channelsFor } from '../notify/channels.ts'
import { startNotifier, type Notifier } from '../notify/notifier.ts'

/**
 * Announces new leads from the outbox (migrations/006) while the app runs.
 * It starts once the app is ready, never delays that, and closing the app
 * waits for sends in flight to be recorded, so the database can close after.
 * With no channel configured it still empties the outbox: nothing is queued.
 * A lead stored through this server wakes it at once, after its answer has
 * gone; leads stored elsewhere (another instance, Supabase) wait for a poll.
 */
export function registerLeadNotifications(app: FastifyInstance, db: Database, config: NotificationConfig) {
  let notifier: Notifier | undefined
  app.addHook('onReady', async () => {
    notifier = startNotifier({ db, channels: channelsFor(config), log: app.log })
  })
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 201 && request.method === 'POST' && request.routeOptions.url === CONTACT_SUBMISSIONS_PATH) notifier?.wake()
  })
  app.addHook('onClose', async () => {
    await notifier?.stop()
  })
}
