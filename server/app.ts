import { constants as zlib } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { ADMIN_API_PATH } from '../common/admin-api.ts'
import { EVENTS_PATH, EVENTS_TABLE_PATH } from '../common/analytics.ts'
import { DEFAULT_AWAITING_MINUTES } from '../common/booking-api.ts'
import { DEFAULT_SITE_MANIFEST, type SiteManifest } from '../common/site-manifest.ts'
import { adminHeaders } from './accounts/admin-headers.ts'
import { SUBMISSION_BODY_LIMIT, contactSubmissionsRoutes } from './applications/contact-submissions.ts'
import { spamRetention } from './applications/spam-retention.ts'
import type { BackupService } from './backups/backup-service.ts'
import { bookingRetention } from './bookings/booking-retention.ts'
import { bookingRoutes } from './bookings/booking-routes.ts'
import type { Config } from './config.ts'
import { consentSettingsOf, type ConsentSettings } from './conversions/consent-config.ts'
import { consentHeadTags, consentNotAsked } from './conversions/consent-page.ts'
import { conversionDeliveryOf, conversionPlatformsOf } from './conversions/conversion-delivery.ts'
import { conversionsPlugin, type ConversionDelivery } from './conversions/conversions-plugin.ts'
import { pauseAlert } from './conversions/pause-alert.ts'
import type { TestEventSender } from './conversions/ports.ts'
import type { Database } from './db/database.ts'
import { eventRetention } from './funnel/event-retention.ts'
import { eventsRoutes } from './funnel/events.ts'
import { answerFirst } from './http/answer-first.ts'
import { databaseUpkeep } from './http/database-upkeep.ts'
import { answerError, createClientErrorHandler, createFrameworkErrorHandler } from './http/error-answer.ts'
import { healthRoutes } from './http/health.ts'
import { databaseHitCounter } from './http/hit-counter.ts'
import { memoryHitCounter } from './http/memory-hit-counter.ts'
import { securityHeaderHook, securityHeaders } from './http/security-headers.ts'
import { createStaticFastPath } from './http/static-fast-path.ts'
import { staticSite } from './http/static-site.ts'
import { inboxApi } from './inbox-api.ts'
import { leadRetention } from './leads/lead-retention.ts'
import { leadNotifications } from './notify/lead-notifications.ts'
import { teamAlerts } from './notify/team-alert.ts'
import { privateRestAnswers } from './postgrest/private-answers.ts'
import { restApi } from './postgrest/rest-api.ts'

export interface AppDependencies {
  config: Config
  db: Database
  /**
   * What the page in config.webRoot was built with (http/site-manifest.ts);
   * the server passes the build's. Left out, a build with no VITE_* settings.
   */
  site?: SiteManifest
  /** The embedded database's backups, for the inbox's "Download a backup now"; none on PostgreSQL. */
  backups?: BackupService
  /** The ad platforms on and how their consent is had; the configuration's by default (conversions/consent-config.ts). */
  consent?: ConsentSettings
  /** Fastify's pino options; off by default so tests stay quiet. */
  logger?: FastifyServerOptions['logger']
  /** How often the notifier looks at the outbox unwoken (500 ms); a test sets an hour to see the routes wake it. */
  notifierPollMs?: number
  /** The conversions to the ad platforms (ADR 048); the configuration's by default: with no platform on, nothing is sent. */
  conversions?: ConversionDelivery
  /** The Integrations panel's test events; by default the configuration's platforms, the same the delivery sends through. */
  testEvents?: TestEventSender
}

/**
 * The whole HTTP application, ready for `inject()` in tests or `listen()` in
 * main.ts. It never listens itself, and it does not own `db`: whoever opened the
 * database closes it.
 */
export function buildApp({
  config,
  db,
  site = DEFAULT_SITE_MANIFEST,
  logger = false,
  backups,
  notifierPollMs,
  testEvents,
  conversions,
  consent = consentSettingsOf(config.conversions),
}: AppDependencies) {
  // One platforms object for the delivery and the test events, so both share Google's cached access token.
  const platforms = conversionPlatformsOf(config)
  const delivery = conversions ?? conversionDeliveryOf(config, platforms)
  const headerConfig = { hstsMaxAge: config.hstsMaxAge, ...site }
  const app = Fastify({
    logger,
    // Nothing here takes a big body; the submission route sets its own limit too.
    bodyLimit: SUBMISSION_BODY_LIMIT,
    // Which peers' X-Forwarded-For to believe for request.ip (rate limit, logs).
    trustProxy: trustProxyOption(config.trustProxy),
    // A request must arrive whole, headers and body, within 30 s: slow senders
    // cannot hold sockets open.
    requestTimeout: 30_000,
    // Node enforces that only when it sweeps its connections (every 30 s unless
    // told), and swaps it with headersTimeout (60 s) when that is longer: left
    // so, a body sent a byte at a time held its socket 60 to 90 s.
    http: { headersTimeout: 30_000, connectionsCheckingInterval: 2_000 },
    // Idle keep-alive connections close after 72 s: longer than the 60 s idle
    // timeout of common load balancers, so they never reuse a socket we just closed.
    keepAliveTimeout: 72_000,
    // A socket with no traffic at all is closed after 75 s (a client that stops
    // reading its answer); longer than keepAliveTimeout so it does not cut that short.
    connectionTimeout: 75_000,
    // Answers Fastify gives before any hook runs get the security headers too.
    clientErrorHandler: createClientErrorHandler(headerConfig),
    frameworkErrors: createFrameworkErrorHandler(headerConfig),
  })

  // The server the app listens on answers the site's files before Fastify, so
  // no hook below runs for them; inject() still reaches the static site's routes.
  // Closing, Fastify answers 503 to requests on connections still open; files too.
  const fastPath = createStaticFastPath(securityHeaders(headerConfig))
  answerFirst(app.server, fastPath.answer)
  app.addHook('preClose', async () => fastPath.stop())

  // Everything is a plugin, registered in this order. First: its hook must run before anything else can answer a request.
  app.register(securityHeaderHook, headerConfig)

  // Must come before the routes: it attaches itself to each route as it is added.
  app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Quality 5 compresses nearly as well as 11 at a fraction of the CPU per request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  })

  app.setErrorHandler(answerError)
  // Route schemas are the zod schemas of common/ (ADR 038); answers keep Fastify's own serializer.
  app.setValidatorCompiler(validatorCompiler)
  // App-wide hooks (fastify-plugin, so they reach every context): before the routes, whose contexts take them as they are made.
  app.register(privateRestAnswers)
  app.register(adminHeaders)

  app.register(spamRetention, { db, days: config.spamRetentionDays })
  app.register(leadRetention, { db, days: config.leadRetentionDays })
  app.register(bookingRetention, { db, unmatchedDays: config.leadRetentionDays })
  // Built once and handed to what queues news of a lead, as `db` is.
  const { notifications, plugin: notifier } = leadNotifications({
    db,
    config: config.notifications,
    site,
    pollMs: notifierPollMs,
  })
  app.register(notifier)
  app.register(conversionsPlugin({ db, delivery: withPauseAlert(app, config, delivery) }))
  app.register(eventRetention, { db, retentionDays: config.analytics.retentionDays })
  app.register(databaseUpkeep, { db, embedded: config.databaseUrl === undefined })

  app.register(restApi, {
    prefix: '/rest/v1',
    db,
    config,
    tableRoutes: async (rest, options) => contactSubmissionsRoutes(rest, { ...options, notifications, consent }),
  })
  app.register(inboxApi, {
    prefix: ADMIN_API_PATH,
    db,
    sessionMaxDays: config.adminSessionMaxDays,
    queryBudgetMs: config.inboxQueryBudgetMs,
    awaitingMinutes: config.notifications.followUp?.afterMinutes ?? DEFAULT_AWAITING_MINUTES,
    backups,
    notifications,
    outcomes: config.outcomes,
    timeZone: config.timeZone,
    testEvents: testEvents ?? platforms,
  })
  // The page's beacons, and the events table's insert for a page built with VITE_API_URL naming this server.
  // As for applications, instances sharing PostgreSQL share the count; both paths count as one.
  const sharedCounter = config.databaseUrl === undefined ? memoryHitCounter() : databaseHitCounter(db)
  for (const [prefix, body] of [
    [EVENTS_PATH, 'batch'],
    [EVENTS_TABLE_PATH, 'rows'],
  ] as const) {
    app.register(eventsRoutes, {
      prefix,
      body,
      db,
      analytics: config.analytics,
      corsOrigins: config.corsOrigins,
      counter: sharedCounter,
    })
  }
  app.register(bookingRoutes, { db, secrets: config.bookings, counter: sharedCounter, notifications })
  app.register(healthRoutes, { db })
  const notAsked = consentNotAsked(consent, site)
  if (notAsked !== undefined) app.log.warn(`CONVERSIONS_CONSENT=checkbox, but ${notAsked}`)
  app.register(staticSite, { webRoot: config.webRoot, fastPath, landingHeadTags: consentHeadTags(consent, site) })
  return app
}

/**
 * Fastify 5.12 ignores X-Forwarded-For altogether when given a hop count (it
 * cannot tell the proxy from a client that connects directly). TRUST_PROXY=2
 * means what it means in Express and proxy-addr: believe the nearest 2 peers.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

/**
 * The team is told by Slack and email (those configured) when a platform is
 * paused; deliverDue calls onPaused only on the server whose write paused it,
 * so once however many servers meet the refused token.
 */
function withPauseAlert(
  app: FastifyInstance,
  config: Config,
  delivery: ConversionDelivery | undefined,
): ConversionDelivery | undefined {
  if (delivery === undefined || delivery.onPaused !== undefined) return delivery
  const alerts = teamAlerts(config.notifications, app.log)
  if (alerts === undefined) return delivery
  app.addHook('onClose', async () => alerts.close())
  return { ...delivery, onPaused: (platform, reason) => void alerts.send(pauseAlert(platform, reason)) }
}
