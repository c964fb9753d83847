import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { findProjectRoot } from './project-root.ts'
import { smtpUrlProblem } from './notify/smtp-url.ts'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export interface Config {
  port: number
  host: string
  /** Absolute path of the embedded database's files. */
  dataDir: string
  /** Secret that lets operators read submissions; reading is off when unset. */
  serviceRoleKey: string | undefined
  logLevel: (typeof LOG_LEVELS)[number]
  /** Absolute path of the built site (index.html and assets/). */
  webRoot: string
  /** PostgreSQL connection string; when unset, the embedded database in dataDir is used. */
  databaseUrl: string | undefined
  /** Submissions per client IP per minute; 0 turns the limit off. */
  submitRateLimit: number
  /** Fastify's trustProxy: no proxy, how many, or which proxies' X-Forwarded-For to believe. */
  trustProxy: false | number | string[]
  /** Origins allowed to call the API from a browser; '*' for any, as PostgREST does. */
  corsOrigins: '*' | string[]
  /** Strict-Transport-Security max-age in seconds; 0 sends no HSTS header. */
  hstsMaxAge: number
  /** Server processes sharing the port (a cluster); above 1 needs DATABASE_URL. */
  webConcurrency: number
  /** Days a honeypot hit (a row flagged spam) is kept before the server deletes it. */
  spamRetentionDays: number
  /** Days a lead (not spam) is kept before the server deletes it; undefined keeps every lead. */
  leadRetentionDays: number | undefined
  /** ADMIN_SESSION_MAX_DAYS: days an inbox session lasts from sign-in, however busy. */
  adminSessionMaxDays: number
  /** Where new leads are announced; every channel is optional. */
  notifications: NotificationConfig
  /** The funnel's events (POST /api/events). */
  analytics: AnalyticsConfig
}

export interface AnalyticsConfig {
  /** ANALYTICS=off: the events route answers 204 and stores nothing. */
  enabled: boolean
  /** EVENTS_RETENTION_DAYS: days raw events are kept; the daily figures are kept for good. */
  retentionDays: number
  /** EVENTS_RATE_LIMIT: batches per client address per minute; 0 turns the limit off. */
  rateLimit: number
  /**
   * ANALYTICS_ACCEPT_UA: a User-Agent holding this text is counted even if it
   * looks like a robot or a headless browser. For tests only.
   */
  acceptUserAgent: string | undefined
}

export interface NotificationConfig {
  /** LEAD_WEBHOOK_URL: each gets every lead, signed (Standard Webhooks). */
  webhookUrls: string[]
  /** LEAD_WEBHOOK_SECRET decoded: the HMAC key. Set whenever webhookUrls is not empty. */
  webhookSecret: Buffer | undefined
  /** WEBHOOK_ALLOW_PRIVATE: lets webhooks reach private, loopback and link-local addresses. */
  allowPrivateTargets: boolean
  /** LEAD_SLACK_WEBHOOK_URL: a Slack incoming webhook (or one that takes its `{text}`). */
  slackWebhookUrl: string | undefined
  /** SMTP_URL, LEAD_EMAIL_TO and LEAD_EMAIL_FROM: an email per lead; all three or none. */
  email: EmailConfig | undefined
}

export interface EmailConfig {
  /** smtps://user:pass@host:port (TLS from the start) or smtp:// (STARTTLS required unless loopback or ?tls=optional). */
  smtpUrl: string
  to: string[]
  from: string
}

// `FOO=` in a .env file or a compose file means "not set", not "the empty string".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const wholeNumber = z
  .string()
  .regex(/^\d+$/, 'must be a whole number (0 or more)')
  .transform(Number)

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  // Never put the value in a message: it is a secret.
  SERVICE_ROLE_KEY: optional(z.string().min(16, 'must be at least 16 characters long')),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  WEB_ROOT: optional(z.string()),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })),
  SUBMIT_RATE_LIMIT: optional(wholeNumber),
  TRUST_PROXY: optional(
    z.string().transform((value, context) => {
      if (value === 'false') return false as const
      if (value === 'true') {
        // Believing every peer makes the left-most X-Forwarded-For entry, which the
        // client writes, its address: anyone could pick a new rate-limit key per request.
        context.addIssue({
          code: 'custom',
          message: 'true is refused: it lets any client choose its own address (and rate-limit key) in X-Forwarded-For; give the number of proxies in front (1 for one) or their IPs/CIDRs',
        })
        return z.NEVER
      }
      if (/^\d+$/.test(value)) return Number(value)
      const list = value.split(',').map((item) => item.trim())
      if (list.every((item) => /^[0-9a-fA-F.:/]+$/.test(item))) return list
      context.addIssue({ code: 'custom', message: 'must be false, a hop count, or a comma-separated list of proxy IPs or CIDRs' })
      return z.NEVER
    }),
  ),
  CORS_ORIGINS: optional(
    z.string().transform((value, context) => {
      if (value.trim() === '*') return '*' as const
      const list = value.split(',').map((item) => item.trim())
      if (list.every((item) => URL.canParse(item) && new URL(item).origin === item)) return list
      context.addIssue({ code: 'custom', message: 'must be * or a comma-separated list of origins like https://example.com' })
      return z.NEVER
    }),
  ),
  HSTS_MAX_AGE: optional(wholeNumber),
  WEB_CONCURRENCY: optional(wholeNumber.refine((count) => count >= 1, 'must be 1 or more')),
  SPAM_RETENTION_DAYS: optional(
    z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number of days, 1 or more')
      .transform(Number)
      .refine((days) => days >= 1, 'must be a whole number of days, 1 or more'),
  ),
  LEAD_RETENTION_DAYS: optional(
    z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number of days, 1 or more (leave it unset to keep every lead)')
      .transform(Number)
      .refine((days) => days >= 1, 'must be a whole number of days, 1 or more (leave it unset to keep every lead)'),
  ),
  ADMIN_SESSION_MAX_DAYS: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a whole number of days, 1 or more')
      .transform(Number)
      .refine((days) => days >= 1, 'must be a whole number of days, 1 or more'),
  ),
  LEAD_WEBHOOK_URL: optional(
    z.string().transform((value, context) => {
      const list = [...new Set(value.split(',').map((item) => item.trim()).filter((item) => item !== ''))]
      const bad = list.filter((item) => !isHttpUrl(item))
      if (list.length > 0 && bad.length === 0) return list
      // The URL itself may carry a token (many receivers put one in the path), so it is not repeated.
      context.addIssue({ code: 'custom', message: `must be one or more http:// or https:// URLs, comma-separated (${bad.length || 'no'} malformed)` })
      return z.NEVER
    }),
  ),
  // Never put the value in a message: it is a secret.
  LEAD_WEBHOOK_SECRET: optional(
    z.string().transform((value, context) => {
      const key = decodeWebhookSecret(value)
      if (key) return key
      context.addIssue({ code: 'custom', message: 'must be whsec_ followed by 24 to 64 bytes in base64, as Standard Webhooks secrets are' })
      return z.NEVER
    }),
  ),
  WEBHOOK_ALLOW_PRIVATE: optional(z.enum(['true', 'false'], 'must be true or false')),
  // Slack's URL is its secret: never repeated in a message.
  LEAD_SLACK_WEBHOOK_URL: optional(z.string().refine(isHttpUrl, 'must be an http:// or https:// URL')),
  // It holds the SMTP password: never repeated in a message.
  SMTP_URL: optional(
    z.string().superRefine((value, context) => {
      const problem = smtpUrlProblem(value)
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
    }),
  ),
  LEAD_EMAIL_TO: optional(
    z.string().transform((value, context) => {
      const list = value.split(',').map((item) => item.trim()).filter((item) => item !== '')
      if (list.length > 0 && list.every(isEmailAddress)) return list
      context.addIssue({ code: 'custom', message: 'must be one or more email addresses, comma-separated' })
      return z.NEVER
    }),
  ),
  LEAD_EMAIL_FROM: optional(z.string().trim().refine(isEmailAddress, 'must be an email address')),
  ANALYTICS: optional(z.enum(['on', 'off'], 'must be on or off')),
  EVENTS_RETENTION_DAYS: optional(
    z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number of days, 1 or more')
      .transform(Number)
      .refine((days) => days >= 1, 'must be a whole number of days, 1 or more'),
  ),
  EVENTS_RATE_LIMIT: optional(wholeNumber),
  // Short markers would match real robots' names too.
  ANALYTICS_ACCEPT_UA: optional(z.string().min(8, 'must be at least 8 characters long')),
}).superRefine((vars, context) => {
  if (vars.LEAD_WEBHOOK_URL && !vars.LEAD_WEBHOOK_SECRET) {
    context.addIssue({ code: 'custom', path: ['LEAD_WEBHOOK_SECRET'], message: 'is needed with LEAD_WEBHOOK_URL: every webhook is signed' })
  }
  const email = { SMTP_URL: vars.SMTP_URL, LEAD_EMAIL_TO: vars.LEAD_EMAIL_TO, LEAD_EMAIL_FROM: vars.LEAD_EMAIL_FROM }
  const given = Object.entries(email).filter(([, value]) => value !== undefined)
  if (given.length > 0 && given.length < 3) {
    for (const [name] of Object.entries(email).filter(([, value]) => value === undefined)) {
      context.addIssue({ code: 'custom', path: [name], message: `is needed with ${given.map(([other]) => other).join(' and ')}: email needs all three` })
    }
  }
  if ((vars.WEB_CONCURRENCY ?? 1) > 1 && !vars.DATABASE_URL) {
    context.addIssue({
      code: 'custom',
      path: ['WEB_CONCURRENCY'],
      message: 'above 1 needs DATABASE_URL: the embedded database can belong to one process only',
    })
  }
})

/** Reads the server's settings once at start; throws naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const vars = result.data
  return {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? 'localhost',
    dataDir: resolve(vars.DATA_DIR ?? './data'),
    serviceRoleKey: vars.SERVICE_ROLE_KEY,
    logLevel: vars.LOG_LEVEL ?? 'info',
    webRoot: vars.WEB_ROOT ? resolve(vars.WEB_ROOT) : join(findProjectRoot(), 'dist', 'web'),
    databaseUrl: vars.DATABASE_URL,
    submitRateLimit: vars.SUBMIT_RATE_LIMIT ?? 10,
    trustProxy: vars.TRUST_PROXY ?? false,
    corsOrigins: vars.CORS_ORIGINS ?? '*',
    hstsMaxAge: vars.HSTS_MAX_AGE ?? 0,
    webConcurrency: vars.WEB_CONCURRENCY ?? 1,
    spamRetentionDays: vars.SPAM_RETENTION_DAYS ?? 30,
    leadRetentionDays: vars.LEAD_RETENTION_DAYS,
    adminSessionMaxDays: vars.ADMIN_SESSION_MAX_DAYS ?? 30,
    notifications: {
      webhookUrls: vars.LEAD_WEBHOOK_URL ?? [],
      webhookSecret: vars.LEAD_WEBHOOK_SECRET,
      allowPrivateTargets: vars.WEBHOOK_ALLOW_PRIVATE === 'true',
      slackWebhookUrl: vars.LEAD_SLACK_WEBHOOK_URL,
      email:
        vars.SMTP_URL && vars.LEAD_EMAIL_TO && vars.LEAD_EMAIL_FROM
          ? { smtpUrl: vars.SMTP_URL, to: vars.LEAD_EMAIL_TO, from: vars.LEAD_EMAIL_FROM }
          : undefined,
    },
    analytics: {
      enabled: vars.ANALYTICS !== 'off',
      retentionDays: vars.EVENTS_RETENTION_DAYS ?? 90,
      rateLimit: vars.EVENTS_RATE_LIMIT ?? 120,
      acceptUserAgent: vars.ANALYTICS_ACCEPT_UA,
    },
  }
}

function isHttpUrl(value: string) {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}

// Enough to catch a wrong variable; the SMTP server is the judge of the rest.
function isEmailAddress(value: string) {
  return /^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/.test(value)
}

/** The key of a Standard Webhooks secret (`whsec_` + base64), or undefined when it is not one. */
export function decodeWebhookSecret(value: string): Buffer | undefined {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)
  if (!match?.[1] || match[1].length % 4 !== 0) return undefined
  const key = Buffer.from(match[1], 'base64')
  return key.length >= 24 && key.length <= 64 ? key : undefined
}

/**
 * For the command-line entry points (server, migrate, export): the environment,
 * with a `.env` file in the working directory filling in what it does not set.
 */
export function loadConfigOrExit(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env')
  return parseConfigOrExit(process.env)
}

/** For command-line entry points: a bad setting is the operator's to fix, not a crash. */
export function parseConfigOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return parseConfig(env)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}
