// A refused token tells the team once, by the lead notifications' Slack
// webhook and email, over the real wire: the Google or Meta stand-in refuses
// the token, a Slack receiver and an SMTP server on loopback take the alert.
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { openDatabase } from '../db/open-database.ts'
import { applyFromAds, startStandIns, within } from '../testing/ad-platforms/stand-in-apps.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { emailHeader } from '../testing/email-message.ts'
import { startReceiver } from '../testing/http-receiver.ts'
import { startPlainSmtp } from '../testing/plain-smtp.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { conversionDeliveryOf } from './conversion-delivery.ts'
import { platformStatuses } from './read-model.ts'

const temp = useTempDatabase()
let standIns: Awaited<ReturnType<typeof startStandIns>>
let slack: Awaited<ReturnType<typeof startReceiver>>
let smtp: Awaited<ReturnType<typeof startPlainSmtp>>
let slackRefusals = 0
const apps: FastifyInstance[] = []
const databases: Database[] = []

beforeAll(async () => {
  standIns = await startStandIns()
  // Slack is down for the first alert about Meta: 503, then it takes them.
  slack = await startReceiver((_index, response, request) => {
    if (!request.body.includes('Conversions to Meta are paused') || slackRefusals > 0) return
    slackRefusals++
    response.writeHead(503)
  })
  smtp = await startPlainSmtp({ user: 'mailer', password: 'secret' })
})
afterAll(async () => {
  for (const app of apps) await app.close()
  for (const db of databases) await db.close()
  await Promise.all([standIns.close(), slack.close(), smtp.close()])
})

const alertChannels = (smtpPort: number) => ({
  LEAD_SLACK_WEBHOOK_URL: slack.url('/slack'),
  WEBHOOK_ALLOW_PRIVATE: 'true',
  SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtpPort}`,
  LEAD_EMAIL_TO: 'team@agency.example',
  LEAD_EMAIL_FROM: 'site@agency.example',
})

/** An app on `db` sending to `platform`'s stand-in a row per request, the log kept in `lines`. */
function appOn(db: Database, platform: 'meta' | 'google', env: Record<string, string>, lines: string[] = []) {
  const config = parseConfig({ SUBMIT_RATE_LIMIT: '0', ...standIns.env([platform]), ...env })
  const delivery = conversionDeliveryOf(config)
  if (delivery === undefined) throw new Error('the platform is not configured')
  const logger = {
    level: 'info',
    stream: new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }),
  }
  const app = buildApp({ config, db, logger, conversions: { ...delivery, batchLimit: 1, pollMs: 50 } })
  apps.push(app)
  return app
}

const alertsIn = (platformName: string) => ({
  slack: slack.requests.filter((request) => request.body.includes(`Conversions to ${platformName} are paused`)),
  email: smtp.messages.filter((message) =>
    (emailHeader(message.raw, 'Subject') ?? '').startsWith(`Conversions to ${platformName} are paused`),
  ),
})

describe(`the team is told once when a platform refuses its token, on ${DATABASE_TARGET}`, () => {
  it('sends one Slack message and one email when two servers on one database meet the refused token at once', async () => {
    // A second server has a pool of its own on PostgreSQL; the embedded database takes one process.
    const second = DATABASE_TARGET === 'postgres' ? await openDatabase(temp.settings) : temp.db
    if (second !== temp.db) databases.push(second)
    const env = alertChannels(smtp.port)
    // Both servers' first requests are answered only once both arrived, each 401 (twice: the sender asks a new token once).
    standIns.google.holdTogether(2)
    standIns.google.answer('unauthenticated', 4)
    const first = appOn(temp.db, 'google', env)
    await first.ready()
    // A row per request: the first server holds one in flight, the other is left for the second server.
    const leads = [await applyFromAds(first), await applyFromAds(first)]
    const other = appOn(second, 'google', env)
    await other.ready()

    expect(
      await within(15_000, () => alertsIn('Google Ads').slack.length + alertsIn('Google Ads').email.length >= 2),
    ).toBe(true)
    const uploads = standIns.google.requests.filter((request) => request.path.endsWith(':uploadClickConversions'))
    expect(uploads.length).toBeGreaterThanOrEqual(3) // both servers sent, and met the refusal
    await sleep(1500) // a second alert, were there one, would have come by now
    const { slack: toSlack, email } = alertsIn('Google Ads')
    expect(toSlack).toHaveLength(1)
    expect(email).toHaveLength(1)
    expect(email[0]?.to).toEqual(['team@agency.example'])
    expect((JSON.parse(toSlack[0]?.body ?? '{}') as { text: string }).text).toContain('401')
    expect((await platformStatuses(temp.db)).find((p) => p.platform === 'google')).toMatchObject({ paused: true })
    const states = await temp.db.query<{ state: string }>(
      `SELECT c.state FROM lead_conversions c JOIN contact_submissions s ON s.id = c.application_id
       WHERE s.submission_id = ANY($1::uuid[]) AND c.platform = 'google'`,
      [leads],
    )
    expect(states.map((row) => row.state)).toEqual(['pending', 'pending'])
  })

  it('tries Slack again when it is down at that moment, and gives email up, logged, when SMTP is unreachable', async () => {
    const lines: string[] = []
    // Nothing listens on the SMTP server's port once it is closed.
    const closed = await startPlainSmtp({ user: 'mailer', password: 'secret' })
    const deadPort = closed.port
    await closed.close()
    const app = appOn(temp.db, 'meta', alertChannels(deadPort), lines)
    standIns.meta.answer('bad-token', 5)
    await app.ready()
    await applyFromAds(app)

    expect(await within(15_000, () => alertsIn('Meta').slack.length >= 1)).toBe(true)
    await sleep(1500)
    // The first try was answered 503, the second taken: one message reached the channel.
    expect(slackRefusals).toBe(1)
    expect(alertsIn('Meta').slack).toHaveLength(2)
    expect(alertsIn('Meta').slack[0]?.body).toBe(alertsIn('Meta').slack[1]?.body)
    await app.close()
    const logged = lines.join('')
    expect(logged).toContain('conversions: the platform refused its token')
    expect(logged).toContain('team alert sent: Conversions to Meta are paused')
    expect(logged).toMatch(/team alert not sent[^"]*: Conversions to Meta are paused/)
    expect(logged).not.toContain(META_SECRET_PART)
    expect((await platformStatuses(temp.db)).find((p) => p.platform === 'meta')).toMatchObject({ paused: true })
  })
})

const META_SECRET_PART = 'EAAB-stand-in-token'
