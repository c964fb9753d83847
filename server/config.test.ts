import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'

describe('parseConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: resolve('./data'),
      serviceRoleKey: undefined,
      logLevel: 'info',
      databaseUrl: undefined,
      submitRateLimit: 10,
      trustProxy: false,
      corsOrigins: '*',
      hstsMaxAge: 0,
      webConcurrency: 1,
      spamRetentionDays: 30,
      adminSessionMaxDays: 30,
      inboxQueryBudgetMs: 2000,
    })
  })

  it('defaults WEB_ROOT to dist/web in the project root', () => {
    const { webRoot } = parseConfig({})
    expect(webRoot.endsWith(join('dist', 'web'))).toBe(true)
    expect(existsSync(join(webRoot, '..', '..', 'package.json'))).toBe(true)
  })

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/landing',
      SERVICE_ROLE_KEY: 'a-long-enough-secret',
      LOG_LEVEL: 'debug',
      TIMEZONE: 'Europe/Paris',
      WEB_ROOT: '/srv/site',
      DATABASE_URL: 'postgres://landing:secret@db.internal:5432/landing',
      SUBMIT_RATE_LIMIT: '0',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      CORS_ORIGINS: 'https://brandscale.example,https://www.brandscale.example',
      HSTS_MAX_AGE: '31536000',
      WEB_CONCURRENCY: '4',
      SPAM_RETENTION_DAYS: '7',
      ADMIN_SESSION_MAX_DAYS: '14',
      INBOX_QUERY_BUDGET_MS: '500',
      LEAD_WEBHOOK_URL: 'https://hooks.example/a,https://hooks.example/b',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LEAD_SLACK_WEBHOOK_URL: 'https://hooks.slack.example/services/T/B/x',
      SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
      LEAD_EMAIL_TO: 'sales@brandscale.example, owner@brandscale.example',
      LEAD_EMAIL_FROM: 'leads@brandscale.example',
      ANALYTICS: 'off',
      EVENTS_RETENTION_DAYS: '30',
      EVENTS_RATE_LIMIT: '0',
      ANALYTICS_ACCEPT_UA: 'landing-e2e-run',
      CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-signing-key-0123',
      CALCOM_WEBHOOK_SECRET: 'calcom-webhook-secret-0123',
      LEAD_EMAIL_BOOKINGS: 'true',
      FOLLOW_UP_AFTER_MINUTES: '90',
      PUBLIC_URL: 'https://apply.brandscale.example',
      CURRENCY: 'gbp',
      LOST_REASONS: 'Price, Timing,, Price ,Not a fit',
      BACKUP_DIR: '/var/backups/landing',
      BACKUP_INTERVAL_HOURS: '6',
      BACKUP_KEEP: '28',
      CONVERSIONS_CONSENT: 'implied',
      META_PIXEL_ID: '123456789012345',
      META_ACCESS_TOKEN: 'EAAB-meta-token',
      META_TEST_EVENT_CODE: 'TEST12345',
      META_API_URL: 'http://127.0.0.1:9001/v26.0/',
      META_EVENT_NAMES: 'showed=Showed',
      GOOGLE_ADS_CUSTOMER_ID: '123-456-7890',
      GOOGLE_ADS_LOGIN_CUSTOMER_ID: '9876543210',
      GOOGLE_ADS_DEVELOPER_TOKEN: 'google-developer-token',
      GOOGLE_ADS_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_ADS_CLIENT_SECRET: 'google-client-secret',
      GOOGLE_ADS_REFRESH_TOKEN: '1//google-refresh-token',
      GOOGLE_ADS_CONVERSION_ACTIONS: 'application=111,won=444',
      GOOGLE_ADS_API_URL: 'http://127.0.0.1:9002/v26',
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9002/token',
      TIKTOK_PIXEL_CODE: 'CABCDEF123',
      TIKTOK_ACCESS_TOKEN: 'tiktok-access-token',
      TIKTOK_TEST_EVENT_CODE: 'TEST54321',
      TIKTOK_API_URL: 'http://127.0.0.1:9003/open_api/v1.3',
      TIKTOK_EVENT_NAMES: 'application=Lead',
    })
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/var/lib/landing',
      serviceRoleKey: 'a-long-enough-secret',
      logLevel: 'debug',
      timeZone: 'Europe/Paris',
      webRoot: '/srv/site',
      backups: { dir: '/var/backups/landing', intervalHours: 6, keep: 28 },
      databaseUrl: 'postgres://landing:secret@db.internal:5432/landing',
      submitRateLimit: 0,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      corsOrigins: ['https://brandscale.example', 'https://www.brandscale.example'],
      hstsMaxAge: 31536000,
      webConcurrency: 4,
      spamRetentionDays: 7,
      adminSessionMaxDays: 14,
      inboxQueryBudgetMs: 500,
      notifications: {
        webhookUrls: ['https://hooks.example/a', 'https://hooks.example/b'],
        webhookSecret: Buffer.alloc(24, 1),
        allowPrivateTargets: true,
        slackWebhookUrl: 'https://hooks.slack.example/services/T/B/x',
        email: {
          smtpUrl: 'smtps://mailer:secret@smtp.example:465',
          to: ['sales@brandscale.example', 'owner@brandscale.example'],
          from: 'leads@brandscale.example',
          bookings: true,
        },
        followUp: {
          afterMinutes: 90,
          publicUrl: 'https://apply.brandscale.example',
          smtpUrl: 'smtps://mailer:secret@smtp.example:465',
          from: 'leads@brandscale.example',
        },
      },
      bookings: { calendly: 'calendly-signing-key-0123', calcom: 'calcom-webhook-secret-0123' },
      analytics: { enabled: false, retentionDays: 30, rateLimit: 0, acceptUserAgent: 'landing-e2e-run' },
      outcomes: { currency: 'GBP', lostReasons: ['Price', 'Timing', 'Not a fit'] },
      conversions: {
        consent: 'implied',
        meta: {
          pixelId: '123456789012345',
          accessToken: 'EAAB-meta-token',
          testEventCode: 'TEST12345',
          apiUrl: 'http://127.0.0.1:9001/v26.0',
          eventNames: { application: 'Lead', booked: 'Schedule', showed: 'Showed', won: 'Purchase' },
        },
        google: {
          customerId: '1234567890',
          loginCustomerId: '9876543210',
          developerToken: 'google-developer-token',
          clientId: 'client.apps.googleusercontent.com',
          clientSecret: 'google-client-secret',
          refreshToken: '1//google-refresh-token',
          conversionActions: { application: '111', won: '444' },
          apiUrl: 'http://127.0.0.1:9002/v26',
          oauthTokenUrl: 'http://127.0.0.1:9002/token',
        },
        tiktok: {
          pixelCode: 'CABCDEF123',
          accessToken: 'tiktok-access-token',
          testEventCode: 'TEST54321',
          apiUrl: 'http://127.0.0.1:9003/open_api/v1.3',
          eventNames: { application: 'Lead', booked: 'Schedule', showed: 'CallShowed', won: 'CompletePayment' },
        },
      },
    })
  })

  it('takes outcomes in USD with the default lost reasons, and refuses a currency or a reason list it cannot use', () => {
    expect(parseConfig({}).outcomes).toEqual({
      currency: 'USD',
      lostReasons: ['Price', 'Timing', 'Chose another agency', 'Not a fit', 'No response'],
    })
    expect(() => parseConfig({ CURRENCY: 'dollars' })).toThrow(/CURRENCY: must be an ISO 4217 currency code/)
    expect(() => parseConfig({ CURRENCY: 'XYZ' })).toThrow(/CURRENCY/)
    expect(() => parseConfig({ LOST_REASONS: ' , ' })).toThrow(/LOST_REASONS: must be 1 to 20 reasons/)
    expect(() => parseConfig({ LOST_REASONS: 'x'.repeat(101) })).toThrow(
      /LOST_REASONS: each reason must be at most 100/,
    )
  })

  it('backs up every 24 hours into backups/ beside DATA_DIR, keeping 14, by default', () => {
    expect(parseConfig({ DATA_DIR: '/srv/landing/data' }).backups).toEqual({
      dir: '/srv/landing/backups',
      intervalHours: 24,
      keep: 14,
    })
    expect(parseConfig({ DATA_DIR: '/srv/landing/data', BACKUP_INTERVAL_HOURS: '0' }).backups.intervalHours).toBe(0)
  })

  it('counts funnel events by default, keeps them 90 days and accepts no robot', () => {
    expect(parseConfig({}).analytics).toEqual({
      enabled: true,
      retentionDays: 90,
      rateLimit: 120,
      acceptUserAgent: undefined,
    })
  })

  it("takes TIMEZONE as an IANA name, defaults to the server's own zone, and stops on an unknown one naming it", () => {
    expect(parseConfig({ TIMEZONE: 'America/New_York' }).timeZone).toBe('America/New_York')
    expect(parseConfig({}).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect(() => parseConfig({ TIMEZONE: 'America/Gotham' })).toThrow(/TIMEZONE: "America\/Gotham" is not a time zone/)
    expect(() => parseConfig({ TIMEZONE: 'EST+5' })).toThrow(/TIMEZONE: /)
  })

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', SERVICE_ROLE_KEY: '', LOG_LEVEL: '' })).toMatchObject({
      port: 8080,
      serviceRoleKey: undefined,
      logLevel: 'info',
    })
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['SERVICE_ROLE_KEY', 'short'],
    ['DATABASE_URL', 'mysql://db/landing'],
    ['SUBMIT_RATE_LIMIT', 'many'],
    ['TRUST_PROXY', 'yes please'],
    ['CORS_ORIGINS', 'https://example.com/path'],
    ['HSTS_MAX_AGE', '-5'],
    ['ANALYTICS', 'false'],
    ['EVENTS_RETENTION_DAYS', '0'],
    ['EVENTS_RATE_LIMIT', 'lots'],
    ['ANALYTICS_ACCEPT_UA', 'bot'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', '2'],
    ['SPAM_RETENTION_DAYS', '0'],
    ['SPAM_RETENTION_DAYS', '1.5'],
    ['SPAM_RETENTION_DAYS', 'forever'],
    ['ADMIN_SESSION_MAX_DAYS', '0'],
    ['INBOX_QUERY_BUDGET_MS', '99'],
    ['INBOX_QUERY_BUDGET_MS', '10000'],
    ['ADMIN_SESSION_MAX_DAYS', '-1'],
    ['ADMIN_SESSION_MAX_DAYS', '1.5'],
    ['ADMIN_SESSION_MAX_DAYS', '30d'],
    ['BACKUP_INTERVAL_HOURS', 'daily'],
    ['BACKUP_INTERVAL_HOURS', '8761'],
    ['BACKUP_INTERVAL_HOURS', '-1'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'all'],
    ['BACKUP_DIR', './data/backups'],
    ['BACKUP_DIR', './data'],
    ['CALENDLY_WEBHOOK_SIGNING_KEY', 'short'],
    ['CALENDLY_WEBHOOK_SIGNING_KEY', ' a key with a space around it '],
    ['CALCOM_WEBHOOK_SECRET', 'no-secret-provided'],
    ['CALCOM_WEBHOOK_SECRET', 'x'.repeat(501)],
  ])('names %s when it is %j', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `))
  })

  it.each([
    ['SPAM_RETENTION_DAYS', '0', 'must be a whole number of days, 1 or more'],
    ['ADMIN_SESSION_MAX_DAYS', '100000', 'must be a whole number of days, 1 or more'],
    ['EVENTS_RETENTION_DAYS', '1000000', 'must be a whole number of days, 1 or more'],
    ['LEAD_RETENTION_DAYS', '1.5', 'must be a whole number of days, 1 or more (leave it unset to keep every lead)'],
    [
      'TRUST_PROXY',
      '10.0.0.0/8,,127.0.0.1',
      'must be false, a hop count, or a comma-separated list of proxy IPs or CIDRs',
    ],
    ['CORS_ORIGINS', 'https://a.example,', 'must be * or a comma-separated list of origins like https://example.com'],
    ['LEAD_WEBHOOK_URL', 'x,y,x', 'must be one or more http:// or https:// URLs, comma-separated (2 malformed)'],
    ['LEAD_WEBHOOK_URL', ' , ', 'must be one or more http:// or https:// URLs, comma-separated (no malformed)'],
    ['LEAD_EMAIL_TO', 'a@b.example,bad', 'must be one or more email addresses, comma-separated'],
    ['WEBHOOK_ALLOW_PRIVATE', 'yes', 'must be true or false'],
    ['ANALYTICS', 'false', 'must be on or off'],
  ])('says what %s=%j should be', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new Error(`Invalid configuration:\n  ${name}: ${message}`))
  })

  it('drops empty items from the lists of webhooks and recipients, and repeated webhooks', () => {
    const config = parseConfig({
      LEAD_WEBHOOK_URL: 'https://hooks.example/a, https://hooks.example/a,',
      LEAD_WEBHOOK_SECRET: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
      SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
      LEAD_EMAIL_TO: ',sales@brandscale.example,',
      LEAD_EMAIL_FROM: 'leads@brandscale.example',
    })
    expect(config.notifications.webhookUrls).toEqual(['https://hooks.example/a'])
    expect(config.notifications.email?.to).toEqual(['sales@brandscale.example'])
  })

  it('refuses TRUST_PROXY=true, which would let a client choose its own address, and says what to give instead', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(
      /^Invalid configuration:\n {2}TRUST_PROXY: true is refused: .*X-Forwarded-For; give the number of proxies in front \(1 for one\) or their IPs\/CIDRs$/,
    )
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
  })

  it('names every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT: .*\n {2}LOG_LEVEL: /s)
  })

  it('never repeats the secret in its message', () => {
    let message = ''
    try {
      parseConfig({ SERVICE_ROLE_KEY: 'tiny-key' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('SERVICE_ROLE_KEY')
    expect(message).not.toContain('tiny-key')
  })
})
