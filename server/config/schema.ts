import { join, resolve } from 'node:path'
import { z } from 'zod'
import { findProjectRoot } from '../project-root.ts'
import { AGENCY_VARS } from './agency-vars.ts'
import { BACKUP_VARS, backupDirInside, backupSettings } from './backup-vars.ts'
import { CONVERSIONS_VARS, conversionsProblems, conversionsSettings } from './conversions-vars.ts'
import {
  bookingSecret,
  emailAddresses,
  envVar,
  isEmailAddress,
  isHttpUrl,
  portNumber,
  webhookSecret,
  webhookUrls,
  toggle,
  trustedProxies,
  corsOrigins,
  wholeDays,
  wholeNumber,
} from './fields.ts'
import { smtpUrl } from './smtp-url.ts'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const absolutePath = z.string().transform((path) => resolve(path))

/**
 * The server's settings, read from its environment variables: each variable's
 * check, message and default, then the shape the rest of the server uses.
 */
export const configSchema = z
  .object({
    PORT: envVar(portNumber.default(8080)),
    HOST: envVar(z.string().default('localhost')),
    // Resolved on each parse: relative to the working directory of the time.
    DATA_DIR: envVar(absolutePath.default(() => resolve('./data'))),
    // Never put the value in a message: it is a secret.
    SERVICE_ROLE_KEY: envVar(z.string().min(16, 'must be at least 16 characters long').optional()),
    LOG_LEVEL: envVar(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info')),
    WEB_ROOT: envVar(absolutePath.default(() => join(findProjectRoot(), 'dist', 'web'))),
    DATABASE_URL: envVar(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    SUBMIT_RATE_LIMIT: envVar(wholeNumber.default(10)),
    TRUST_PROXY: envVar(trustedProxies.default(false)),
    CORS_ORIGINS: envVar(corsOrigins.default('*')),
    HSTS_MAX_AGE: envVar(wholeNumber.default(0)),
    WEB_CONCURRENCY: envVar(wholeNumber.refine((count) => count >= 1, 'must be 1 or more').default(1)),
    SPAM_RETENTION_DAYS: envVar(wholeDays(6).default(30)),
    LEAD_RETENTION_DAYS: envVar(wholeDays(6, 'leave it unset to keep every lead').optional()),
    ADMIN_SESSION_MAX_DAYS: envVar(wholeDays(5).default(30)),
    // Below the serving pool's own 10 s statement_timeout (server/db/postgres.ts), which would answer 503 first.
    INBOX_QUERY_BUDGET_MS: envVar(
      wholeNumber.refine((ms) => ms >= 100 && ms <= 9_000, 'must be from 100 to 9000 milliseconds').default(2_000),
    ),
    LEAD_WEBHOOK_URL: envVar(webhookUrls.default([])),
    // Never put the value in a message: it is a secret.
    LEAD_WEBHOOK_SECRET: envVar(webhookSecret.optional()),
    WEBHOOK_ALLOW_PRIVATE: envVar(toggle('true', 'false').default(false)),
    // Slack's URL is its secret: never repeated in a message.
    LEAD_SLACK_WEBHOOK_URL: envVar(z.string().refine(isHttpUrl, 'must be an http:// or https:// URL').optional()),
    // It holds the SMTP password: never repeated in a message.
    SMTP_URL: envVar(smtpUrl.optional()),
    LEAD_EMAIL_TO: envVar(emailAddresses.optional()),
    LEAD_EMAIL_FROM: envVar(z.string().trim().refine(isEmailAddress, 'must be an email address').optional()),
    ANALYTICS: envVar(toggle('on', 'off').default(true)),
    EVENTS_RETENTION_DAYS: envVar(wholeDays(6).default(90)),
    EVENTS_RATE_LIMIT: envVar(wholeNumber.default(120)),
    // Short markers would match real robots' names too.
    ANALYTICS_ACCEPT_UA: envVar(z.string().min(8, 'must be at least 8 characters long').optional()),
    // Secrets: never put a value in a message.
    CALENDLY_WEBHOOK_SIGNING_KEY: envVar(bookingSecret.optional()),
    CALCOM_WEBHOOK_SECRET: envVar(bookingSecret.optional()),
    LEAD_EMAIL_BOOKINGS: envVar(toggle('true', 'false').default(false)),
    // At most 30 days: a later email would not read as a follow-up.
    FOLLOW_UP_AFTER_MINUTES: envVar(
      wholeNumber
        .refine((minutes) => minutes >= 1 && minutes <= 43_200, 'must be from 1 to 43200 (30 days)')
        .optional(),
    ),
    ...AGENCY_VARS,
    ...BACKUP_VARS,
    ...CONVERSIONS_VARS,
    PUBLIC_URL: envVar(
      z
        .string()
        .refine(
          (value) => isHttpUrl(value) && new URL(value).origin === value,
          "must be the site's origin, such as https://example.com",
        )
        .optional(),
    ),
  })
  .superRefine((vars, context) => {
    if (vars.LEAD_WEBHOOK_URL.length > 0 && !vars.LEAD_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['LEAD_WEBHOOK_SECRET'],
        message: 'is needed with LEAD_WEBHOOK_URL: every webhook is signed',
      })
    }
    const email = { SMTP_URL: vars.SMTP_URL, LEAD_EMAIL_TO: vars.LEAD_EMAIL_TO, LEAD_EMAIL_FROM: vars.LEAD_EMAIL_FROM }
    const given = Object.entries(email).filter(([, value]) => value !== undefined)
    if (given.length > 0 && given.length < 3) {
      for (const [name] of Object.entries(email).filter(([, value]) => value === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `is needed with ${given.map(([other]) => other).join(' and ')}: email needs all three`,
        })
      }
    }
    if (vars.FOLLOW_UP_AFTER_MINUTES !== undefined) {
      const lacking = [
        ...(vars.PUBLIC_URL ? [] : ['PUBLIC_URL (its links are absolute)']),
        ...(vars.SMTP_URL && vars.LEAD_EMAIL_FROM ? [] : ['SMTP_URL and LEAD_EMAIL_FROM (it is an email)']),
        ...(vars.CALENDLY_WEBHOOK_SIGNING_KEY || vars.CALCOM_WEBHOOK_SECRET
          ? []
          : ['CALENDLY_WEBHOOK_SIGNING_KEY or CALCOM_WEBHOOK_SECRET (without them nobody is known to have booked)']),
      ]
      if (lacking.length > 0) {
        context.addIssue({
          code: 'custom',
          path: ['FOLLOW_UP_AFTER_MINUTES'],
          message: `needs ${lacking.join(', and ')}`,
        })
      }
    }
    backupDirInside(vars, (message) => context.addIssue({ code: 'custom', path: ['BACKUP_DIR'], message }))
    conversionsProblems(vars, (name, message) => context.addIssue({ code: 'custom', path: [name], message }))
    if (vars.WEB_CONCURRENCY > 1 && !vars.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 needs DATABASE_URL: the embedded database can belong to one process only',
      })
    }
  })
  .transform((vars) => ({
    port: vars.PORT,
    host: vars.HOST,
    /** Absolute path of the embedded database's files. */
    dataDir: vars.DATA_DIR,
    /** Secret that lets operators read submissions; reading is off when unset. */
    serviceRoleKey: vars.SERVICE_ROLE_KEY,
    logLevel: vars.LOG_LEVEL,
    /** TIMEZONE: the agency's IANA zone, in which the inbox and the funnel count days and show times. */
    timeZone: vars.TIMEZONE,
    /** Absolute path of the built site (index.html and assets/). */
    webRoot: vars.WEB_ROOT,
    backups: backupSettings(vars),
    conversions: conversionsSettings(vars),
    /** PostgreSQL connection string; when unset, the embedded database in dataDir is used. */
    databaseUrl: vars.DATABASE_URL,
    /** Submissions per client IP per minute; 0 turns the limit off. */
    submitRateLimit: vars.SUBMIT_RATE_LIMIT,
    /** Fastify's trustProxy: no proxy, how many, or which proxies' X-Forwarded-For to believe. */
    trustProxy: vars.TRUST_PROXY,
    /** Origins allowed to call the API from a browser; '*' for any, as PostgREST does. */
    corsOrigins: vars.CORS_ORIGINS,
    /** Strict-Transport-Security max-age in seconds; 0 sends no HSTS header. */
    hstsMaxAge: vars.HSTS_MAX_AGE,
    /** Server processes sharing the port (a cluster); above 1 needs DATABASE_URL. */
    webConcurrency: vars.WEB_CONCURRENCY,
    /** Days a honeypot hit (a row flagged spam) is kept before the server deletes it. */
    spamRetentionDays: vars.SPAM_RETENTION_DAYS,
    /** Days a lead (not spam) is kept before the server deletes it; undefined keeps every lead. */
    leadRetentionDays: vars.LEAD_RETENTION_DAYS,
    /** ADMIN_SESSION_MAX_DAYS: days an inbox session lasts from sign-in, however busy. */
    adminSessionMaxDays: vars.ADMIN_SESSION_MAX_DAYS,
    /** INBOX_QUERY_BUDGET_MS: how long one of the inbox's lead reads may run on PostgreSQL before it is answered 422. */
    inboxQueryBudgetMs: vars.INBOX_QUERY_BUDGET_MS,
    /** Where new leads are announced; every channel is optional. */
    notifications: {
      /** LEAD_WEBHOOK_URL: each gets every lead, signed (Standard Webhooks). */
      webhookUrls: vars.LEAD_WEBHOOK_URL,
      /** LEAD_WEBHOOK_SECRET decoded: the HMAC key. Set whenever webhookUrls is not empty. */
      webhookSecret: vars.LEAD_WEBHOOK_SECRET,
      /** WEBHOOK_ALLOW_PRIVATE: lets webhooks reach private, loopback and link-local addresses. */
      allowPrivateTargets: vars.WEBHOOK_ALLOW_PRIVATE,
      /** LEAD_SLACK_WEBHOOK_URL: a Slack incoming webhook (or one that takes its `{text}`). */
      slackWebhookUrl: vars.LEAD_SLACK_WEBHOOK_URL,
      /** SMTP_URL, LEAD_EMAIL_TO and LEAD_EMAIL_FROM: an email per lead; all three or none. */
      email:
        vars.SMTP_URL && vars.LEAD_EMAIL_TO && vars.LEAD_EMAIL_FROM
          ? {
              /** smtps://user:pass@host:port (TLS from the start) or smtp:// (STARTTLS required unless loopback or ?tls=optional). */
              smtpUrl: vars.SMTP_URL,
              to: vars.LEAD_EMAIL_TO,
              from: vars.LEAD_EMAIL_FROM,
              /** LEAD_EMAIL_BOOKINGS=true: booking events are emailed too, not only new leads. */
              bookings: vars.LEAD_EMAIL_BOOKINGS,
            }
          : undefined,
      /**
       * FOLLOW_UP_AFTER_MINUTES: one email to an applicant with no booking that
       * long after applying, with their booking link; off when unset.
       */
      followUp:
        vars.FOLLOW_UP_AFTER_MINUTES !== undefined && vars.PUBLIC_URL && vars.SMTP_URL && vars.LEAD_EMAIL_FROM
          ? {
              afterMinutes: vars.FOLLOW_UP_AFTER_MINUTES,
              /** PUBLIC_URL: the site's public origin, for the email's absolute links. */
              publicUrl: vars.PUBLIC_URL,
              smtpUrl: vars.SMTP_URL,
              from: vars.LEAD_EMAIL_FROM,
            }
          : undefined,
    },
    /** The booking providers' webhooks (POST /api/bookings/…): each is on when its secret is set. */
    bookings: {
      /** CALENDLY_WEBHOOK_SIGNING_KEY: the signing_key given to Calendly's webhook subscription. */
      calendly: vars.CALENDLY_WEBHOOK_SIGNING_KEY,
      /** CALCOM_WEBHOOK_SECRET: the secret set on the Cal.com webhook. */
      calcom: vars.CALCOM_WEBHOOK_SECRET,
    },
    /** The outcome form after a call (ADR 040). */
    outcomes: {
      /** CURRENCY: the ISO 4217 code a won amount is in unless another is chosen. */
      currency: vars.CURRENCY,
      /** LOST_REASONS: the reasons a lost deal is given, in the form's order. */
      lostReasons: vars.LOST_REASONS,
    },
    /** The funnel's events (POST /api/events). */
    analytics: {
      /** ANALYTICS=off: the events route answers 204 and counts nothing (a lead still records that its booking page opened). */
      enabled: vars.ANALYTICS,
      /** EVENTS_RETENTION_DAYS: days raw events are kept; the daily figures are kept for good. */
      retentionDays: vars.EVENTS_RETENTION_DAYS,
      /** EVENTS_RATE_LIMIT: batches per client address per minute; 0 turns the limit off. */
      rateLimit: vars.EVENTS_RATE_LIMIT,
      /**
       * ANALYTICS_ACCEPT_UA: a User-Agent holding this text is counted even if it
       * looks like a robot or a headless browser. For tests only.
       */
      acceptUserAgent: vars.ANALYTICS_ACCEPT_UA,
    },
  }))

export type Config = z.output<typeof configSchema>
export type NotificationConfig = Config['notifications']
export type AnalyticsConfig = Config['analytics']
export type EmailConfig = NonNullable<NotificationConfig['email']>
export type FollowUpConfig = NonNullable<NotificationConfig['followUp']>
export type BackupConfig = Config['backups']
export type OutcomeConfig = Config['outcomes']
