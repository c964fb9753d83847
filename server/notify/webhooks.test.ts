import { randomBytes, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { createAdminAccount, signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startReceiver } from '../testing/http-receiver.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { channelsFor } from './channels.ts'
import type { NotifierLog, NotifierOptions } from './notifier-options.ts'
import { startNotifier } from './notifier.ts'
import { takeDue } from './outbox.ts'
import { webhookTarget } from './webhook.ts'

const SECRET = `whsec_${randomBytes(32).toString('base64')}`

const temp = useTempDatabase()

/** Stores an application as any client would, through the triggers; resolves to its id. */
const quietLog = (): NotifierLog & { lines: { level: string; message: string; object: object }[] } => {
  const lines: { level: string; message: string; object: object }[] = []
  const at = (level: string) => (object: object, message: string) => void lines.push({ level, object, message })
  return { lines, info: at('info'), warn: at('warn'), error: at('error') }
}

/** A notifier for `env`'s channels, polling often and retrying within a fraction of a second. */
function notifierFor(env: Record<string, string>, options: Partial<NotifierOptions> = {}) {
  const log = quietLog()
  const notifier = startNotifier({
    db: temp.db,
    channels: channelsFor(parseConfig(env).notifications),
    log,
    pollMs: 20,
    retryDelaysMs: [100, 100, 100],
    ...options,
  })
  return Object.assign(notifier, { log })
}

async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, limitMs = 10_000): Promise<T> {
  const deadline = Date.now() + limitMs
  for (let round = 0; round < 1000; round++) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) break
    await sleep(20)
  }
  throw new Error(`${what}: not reached within ${limitMs} ms`)
}

const deliveriesOf = (applicationId: number) =>
  temp.db.query<{ id: number; state: string; attempts: number; target: string }>(
    'SELECT id, state, attempts, target FROM lead_deliveries WHERE application_id = $1 ORDER BY id',
    [applicationId],
  )

const attemptsOf = (applicationId: number) =>
  temp.db.query<{ status: number | null; error: string | null; duration_ms: number }>(
    `SELECT a.status, a.error, a.duration_ms FROM lead_delivery_attempts a JOIN lead_deliveries d ON d.id = a.delivery_id
     WHERE d.application_id = $1 ORDER BY a.id`,
    [applicationId],
  )

const settled = async (applicationId: number) => {
  const deliveries = await deliveriesOf(applicationId)
  return deliveries.length > 0 && deliveries.every((delivery) => delivery.state !== 'pending') ? deliveries : undefined
}

describe(`the lead outbox on ${DATABASE_TARGET}`, () => {
  it('gets a row with every application, in its transaction, and none for spam', async () => {
    const lead = await insertApplication(temp.db)
    const spam = await insertApplication(temp.db, { spam: true })
    const rows = await temp.db.query<{ application_id: number }>(
      'SELECT application_id FROM lead_outbox WHERE application_id = ANY($1::bigint[])',
      [[lead, spam]],
    )
    expect(rows.map((row) => Number(row.application_id))).toEqual([lead])

    await expect(
      temp.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO contact_submissions (${CONTACT_FIELDS.join(', ')}) VALUES (${CONTACT_FIELDS.map((_, i) => `$${i + 1}`).join(', ')})`,
          CONTACT_FIELDS.map((field) => validAnswers()[field]),
        )
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const [{ n } = { n: -1 }] = await temp.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lead_outbox o LEFT JOIN contact_submissions c ON c.id = o.application_id WHERE c.id IS NULL',
    )
    expect(n).toBe(0)
  })

  it('is emptied without queueing anything when no channel is configured', async () => {
    const lead = await insertApplication(temp.db)
    const notifier = notifierFor({})
    try {
      await eventually(
        async () => (await temp.db.query('SELECT 1 FROM lead_outbox WHERE application_id = $1', [lead])).length === 0,
        'the outbox row gone',
      )
      expect(await deliveriesOf(lead)).toEqual([])
    } finally {
      await notifier.stop()
    }
  })
})

describe(`webhooks on ${DATABASE_TARGET}`, () => {
  const env = (url: string, extra: Record<string, string> = {}) => ({
    LEAD_WEBHOOK_URL: url,
    LEAD_WEBHOOK_SECRET: SECRET,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...extra,
  })

  it('sends application.created, signed as Standard Webhooks verify it, once per lead and never for spam', async () => {
    const receiver = await startReceiver()
    const notifier = notifierFor(env(receiver.url()))
    try {
      const spam = await insertApplication(temp.db, { spam: true })
      const lead = await insertApplication(temp.db, { answers: { name: 'Ada <Lovelace> & Co' } })
      await eventually(() => settled(lead), 'the lead delivered')
      expect(receiver.requests).toHaveLength(1)
      const [request] = receiver.requests
      if (!request) throw new Error('no request')
      const payload = new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>)
      const [row] = await temp.db.query<{ submission_id: string; created_at: Date }>(
        'SELECT submission_id::text, created_at FROM contact_submissions WHERE id = $1',
        [lead],
      )
      expect(payload).toEqual({
        type: 'application.created',
        timestamp: row?.created_at.toISOString(),
        data: {
          id: lead,
          submission_id: row?.submission_id,
          created_at: row?.created_at.toISOString(),
          answers: { ...validAnswers(), name: 'Ada <Lovelace> & Co' },
          attribution: null,
        },
      })
      expect(request.headers['content-type']).toBe('application/json')
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/)
      expect(await deliveriesOf(lead)).toEqual([expect.objectContaining({ state: 'delivered', attempts: 1 })])
      expect(await attemptsOf(lead)).toEqual([{ status: 200, error: null, duration_ms: expect.any(Number) }])
      expect(await deliveriesOf(spam)).toEqual([])
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('sends to every URL of LEAD_WEBHOOK_URL', async () => {
    const first = await startReceiver()
    const second = await startReceiver()
    const notifier = notifierFor(env(`${first.url()}, ${second.url('/other')}`))
    try {
      const lead = await insertApplication(temp.db)
      const deliveries = await eventually(() => settled(lead), 'both delivered')
      expect(deliveries.map((delivery) => delivery.state)).toEqual(['delivered', 'delivered'])
      expect(first.requests).toHaveLength(1)
      expect(second.requests.map((request) => request.path)).toEqual(['/other'])
    } finally {
      await notifier.stop()
      await Promise.all([first.close(), second.close()])
    }
  })

  it('retries a 500 with the same webhook-id, and records every attempt', async () => {
    const receiver = await startReceiver((index, response) => {
      if (index === 0) response.writeHead(500)
    })
    const notifier = notifierFor(env(receiver.url()))
    try {
      const lead = await insertApplication(temp.db)
      await eventually(() => settled(lead), 'delivered after a retry')
      expect(receiver.requests).toHaveLength(2)
      const [first, second] = receiver.requests
      expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id'])
      for (const request of receiver.requests)
        new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>)
      expect((await attemptsOf(lead)).map((attempt) => attempt.status)).toEqual([500, 200])
      expect(await deliveriesOf(lead)).toEqual([expect.objectContaining({ state: 'delivered', attempts: 2 })])
      expect(notifier.log.lines.some((line) => line.level === 'warn' && line.message.includes('will retry'))).toBe(true)
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('waits as long as a 429’s Retry-After says', async () => {
    const receiver = await startReceiver((index, response) => {
      if (index === 0) response.writeHead(429, { 'retry-after': '1' })
    })
    const notifier = notifierFor(env(receiver.url()))
    try {
      const lead = await insertApplication(temp.db)
      await eventually(() => settled(lead), 'delivered after Retry-After')
      const [first, second] = receiver.requests
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900)
      expect((await attemptsOf(lead)).map((attempt) => attempt.status)).toEqual([429, 200])
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('gives up after the last retry', async () => {
    const receiver = await startReceiver((_, response) => {
      response.writeHead(503)
    })
    const notifier = notifierFor(env(receiver.url()), { retryDelaysMs: [50, 50] })
    try {
      const lead = await insertApplication(temp.db)
      const [delivery] = await eventually(() => settled(lead), 'given up')
      expect(delivery).toMatchObject({ state: 'failed', attempts: 3 })
      expect((await attemptsOf(lead)).map((attempt) => attempt.status)).toEqual([503, 503, 503])
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('pauses a receiver one step, not two, when four attempts in flight together fail', async () => {
    // The first four fail together (each answered once all four have arrived); later ones succeed.
    const waiting: (() => void)[] = []
    const receiver = await startReceiver((index, response) => {
      if (index >= 4) return
      waiting.push(() => {
        response.writeHead(503)
        response.end()
      })
      if (waiting.length === 4) for (const answer of waiting) answer()
      return true
    })
    const leads = await Promise.all(Array.from({ length: 4 }, () => insertApplication(temp.db)))
    // A second step would wait a minute: the leads are delivered within seconds only if one counted.
    const notifier = notifierFor(env(receiver.url()), { retryDelaysMs: [300, 60_000] })
    try {
      for (const lead of leads) await eventually(() => settled(lead), `lead ${lead} delivered`)
      expect(receiver.requests).toHaveLength(8)
      for (const lead of leads) expect((await attemptsOf(lead)).map((attempt) => attempt.status)).toEqual([503, 200])
      const [target] = await temp.db.query<{ failures: number }>(
        'SELECT failures FROM lead_delivery_targets WHERE target = $1',
        [webhookTarget(receiver.url())],
      )
      expect(target?.failures).toBe(0)
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('disables a URL that answers 410, and sends it nothing more', async () => {
    const receiver = await startReceiver((_, response) => {
      response.writeHead(410)
    })
    const url = receiver.url('/gone')
    const notifier = notifierFor(env(url))
    try {
      const lead = await insertApplication(temp.db)
      await eventually(
        async () =>
          (
            await temp.db.query('SELECT 1 FROM lead_delivery_targets WHERE target = $1 AND disabled_at IS NOT NULL', [
              webhookTarget(url),
            ])
          ).length === 1,
        'the URL disabled',
      )
      const later = await insertApplication(temp.db)
      await eventually(async () => (await deliveriesOf(later)).length === 1, 'the later lead queued')
      await sleep(300)
      expect(receiver.requests).toHaveLength(1)
      expect((await attemptsOf(lead)).map((attempt) => attempt.status)).toEqual([410])
      expect(notifier.log.lines.some((line) => line.level === 'error' && line.message.includes('410'))).toBe(true)
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('does not follow a redirect', async () => {
    const receiver = await startReceiver((_, response, request) => {
      if (request.path === '/moved') response.writeHead(307, { location: '/elsewhere' })
    })
    const notifier = notifierFor(env(receiver.url('/moved')))
    try {
      const lead = await insertApplication(temp.db)
      const [delivery] = await eventually(() => settled(lead), 'the delivery settled')
      expect(delivery?.state).toBe('failed')
      expect(receiver.requests.map((request) => request.path)).toEqual(['/moved'])
      const [attempt] = await attemptsOf(lead)
      expect(attempt).toMatchObject({ status: 307, error: expect.stringContaining('redirect') })
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('refuses private, loopback and link-local targets unless WEBHOOK_ALLOW_PRIVATE=true', async () => {
    const receiver = await startReceiver()
    const byAddress = receiver.url('/literal')
    const byName = `http://localhost:${receiver.port}/name`
    const notifier = notifierFor(env(`${byAddress},${byName}`, { WEBHOOK_ALLOW_PRIVATE: 'false' }))
    try {
      const lead = await insertApplication(temp.db)
      const deliveries = await eventually(() => settled(lead), 'both refused')
      expect(deliveries.map((delivery) => delivery.state)).toEqual(['failed', 'failed'])
      expect(receiver.requests).toEqual([])
      const attempts = await attemptsOf(lead)
      expect(attempts).toHaveLength(2)
      for (const attempt of attempts)
        expect(attempt).toMatchObject({ status: null, error: expect.stringContaining('private') })
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('refuses documentation ranges and IPv6 spellings of loopback or of a non-public IPv4, sending nothing', async () => {
    const receiver = await startReceiver()
    // [::ffff:7f00:1] is this very receiver: only the filter keeps the lead from it.
    const hosts = [
      '192.0.2.2',
      '[::ffff:c000:202]',
      '[::ffff:7f00:1]',
      '[::7f00:1]',
      '[::ffff:0:7f00:1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
      '[2001::1]',
    ]
    const urls = hosts.map((host) => `http://${host}:${receiver.port}/hook`)
    const notifier = notifierFor(env(urls.join(','), { WEBHOOK_ALLOW_PRIVATE: 'false' }))
    try {
      const lead = await insertApplication(temp.db)
      const deliveries = await eventually(() => settled(lead), 'all refused')
      expect(deliveries.map((delivery) => delivery.state)).toEqual(hosts.map(() => 'failed'))
      expect(deliveries.map((delivery) => delivery.attempts)).toEqual(hosts.map(() => 1))
      const attempts = await attemptsOf(lead)
      expect(attempts).toHaveLength(hosts.length)
      for (const attempt of attempts)
        expect(attempt).toMatchObject({
          status: null,
          error: expect.stringMatching(/is not a public address.*WEBHOOK_ALLOW_PRIVATE/),
        })
      expect(receiver.requests).toEqual([])
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('delivers each lead once when several servers send from the same outbox', async () => {
    const receiver = await startReceiver()
    const servers = [
      notifierFor(env(receiver.url())),
      notifierFor(env(receiver.url())),
      notifierFor(env(receiver.url())),
    ]
    try {
      const leads = await Promise.all(Array.from({ length: 30 }, () => insertApplication(temp.db)))
      for (const lead of leads) await eventually(() => settled(lead), `lead ${lead} delivered`)
      const ids = receiver.requests.map((request) => (JSON.parse(request.body) as { data: { id: number } }).data.id)
      expect([...ids].sort((a, b) => a - b)).toEqual([...leads].sort((a, b) => a - b))
    } finally {
      await Promise.all(servers.map((server) => server.stop()))
      await receiver.close()
    }
  })

  it('keeps other receivers going while one hangs, and on stop leaves the hung one due again', async () => {
    const hanging = await startReceiver(() => true)
    const healthy = await startReceiver()
    const notifier = notifierFor(env(`${hanging.url()},${healthy.url()}`))
    let lead = 0
    try {
      lead = await insertApplication(temp.db)
      await eventually(
        async () => (await deliveriesOf(lead)).some((delivery) => delivery.state === 'delivered'),
        'the healthy one delivered',
      )
      expect(healthy.requests).toHaveLength(1)
      await eventually(async () => hanging.requests.length === 1, 'the hanging one reached')
    } finally {
      await notifier.stop()
      await Promise.all([hanging.close(), healthy.close()])
    }
    const pending = (await deliveriesOf(lead)).filter((delivery) => delivery.state === 'pending')
    expect(pending).toEqual([expect.objectContaining({ attempts: 0, target: webhookTarget(hanging.url()) })])
  })

  it('sends a lead stored while no server ran once one starts, and one claimed by a server that died once its claim expires', async () => {
    const receiver = await startReceiver()
    const url = receiver.url('/later')
    const stored = await insertApplication(temp.db)
    // A server that took the delivery and died before sending it: its claim is all that is left.
    const first = notifierFor(env(url), { perChannelConcurrency: 0 })
    await eventually(async () => (await deliveriesOf(stored)).length === 1, 'the delivery created')
    await first.stop()
    const {
      claimed: [claimed],
    } = await takeDue(temp.db, {
      lanes: [{ target: webhookTarget(url), room: 1, busy: 0, takes: ['application'] }],
      outboxLimit: 0,
      leaseSeconds: 1,
    })
    expect(claimed?.applicationId).toBe(stored)

    const second = notifierFor(env(url))
    try {
      const [delivery] = await eventually(() => settled(stored), 'delivered after the claim expired')
      // The attempt lost with its server does not count: only one ran to the end.
      expect(delivery).toMatchObject({ state: 'delivered', attempts: 1 })
      expect(receiver.requests).toHaveLength(1)
    } finally {
      await second.stop()
      await receiver.close()
    }
  })

  it('sends a delivery claimed by a dead process at once on a database only it can open, and after the claim on a shared one', async () => {
    const receiver = await startReceiver()
    const url = receiver.url('/claimed')
    const stored = await insertApplication(temp.db)
    const first = notifierFor(env(url), { perChannelConcurrency: 0 })
    await eventually(async () => (await deliveriesOf(stored)).length === 1, 'the delivery created')
    await first.stop()
    // Claimed for an hour by a process that died.
    await takeDue(temp.db, {
      lanes: [{ target: webhookTarget(url), room: 1, busy: 0, takes: ['application'] }],
      outboxLimit: 0,
      leaseSeconds: 3600,
    })
    const second = notifierFor(env(url))
    try {
      if (temp.db.exclusive) {
        const [delivery] = await eventually(() => settled(stored), 'delivered at once')
        expect(delivery).toMatchObject({ state: 'delivered', attempts: 1 })
        expect(receiver.requests).toHaveLength(1)
      } else {
        // Another instance may be sending it: it waits for the claim.
        await sleep(1_500)
        expect(receiver.requests).toHaveLength(0)
      }
    } finally {
      await second.stop()
      await receiver.close()
    }
  })

  it('sends a delivery again at once when the inbox asks, even on a channel paused for an hour', async () => {
    const receiver = await startReceiver((index, response) => {
      if (index === 0) response.writeHead(503)
    })
    const app = buildApp({ config: parseConfig(env(receiver.url('/resend'))), db: temp.db })
    try {
      await app.ready()
      const lead = await insertApplication(temp.db)
      await eventually(async () => (await attemptsOf(lead)).length === 1, 'the first attempt refused')
      // As after a long outage: the delivery waits an hour, and so does its channel.
      await temp.db.query(
        `UPDATE lead_deliveries SET next_attempt_at = now() + interval '1 hour' WHERE application_id = $1`,
        [lead],
      )
      await temp.db.query(
        `UPDATE lead_delivery_targets SET paused_until = now() + interval '1 hour' WHERE target = $1`,
        [webhookTarget(receiver.url('/resend'))],
      )
      const email = await createAdminAccount(temp.db, `resend-${randomUUID()}@example.com`, 'correct horse battery')
      const session = await signIn(app, email, 'correct horse battery')
      const [delivery] = await deliveriesOf(lead)
      const answer = await app.inject({
        method: 'POST',
        url: `${ADMIN_API_PATH}/deliveries/${delivery?.id}/resend`,
        headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
      })
      expect(answer.statusCode).toBe(204)
      const [sent] = await eventually(() => settled(lead), 'delivered after the resend')
      expect(sent).toMatchObject({ state: 'delivered' })
      expect((await attemptsOf(lead)).map((attempt) => attempt.status)).toEqual([503, 200])
    } finally {
      await app.close()
      await receiver.close()
    }
  })

  it('sends what the server stores, from the app', async () => {
    const receiver = await startReceiver()
    const app = buildApp({ config: parseConfig(env(receiver.url())), db: temp.db })
    try {
      await app.ready()
      const submissionId = randomUUID()
      const answer = await app.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH,
        payload: [{ ...validAnswers(), submission_id: submissionId }],
      })
      expect(answer.statusCode).toBe(201)
      await eventually(async () => receiver.requests.length === 1, 'the webhook received')
      const [request] = receiver.requests
      const payload = new Webhook(SECRET).verify(
        request?.body ?? '',
        (request?.headers ?? {}) as Record<string, string>,
      ) as {
        data: { submission_id: string }
      }
      expect(payload.data.submission_id).toBe(submissionId)
    } finally {
      await app.close()
      await receiver.close()
    }
  })
})

describe('webhook settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(env)
    } catch (error) {
      return (error as Error).message
    }
    return ''
  }

  it('refuses a secret that is not whsec_ and base64, naming the variable and not the value', () => {
    for (const secret of [
      'plain-value',
      'whsec_?',
      'whsec_not*base64',
      `whsec_${randomBytes(8).toString('base64')}`,
      randomBytes(32).toString('base64'),
    ]) {
      const message = problems({ LEAD_WEBHOOK_URL: 'https://hooks.example/a', LEAD_WEBHOOK_SECRET: secret })
      expect(message).toContain('LEAD_WEBHOOK_SECRET')
      expect(message).not.toContain(secret)
    }
  })

  it('refuses a malformed URL, naming the variable', () => {
    for (const url of ['not a url', 'ftp://hooks.example/a', 'https://ok.example/a,/relative']) {
      expect(problems({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET })).toContain('LEAD_WEBHOOK_URL')
    }
  })

  it('needs a secret with a URL, and reads both', () => {
    expect(problems({ LEAD_WEBHOOK_URL: 'https://hooks.example/a' })).toContain('LEAD_WEBHOOK_SECRET')
    expect(problems({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toContain('WEBHOOK_ALLOW_PRIVATE')
    const { notifications } = parseConfig({
      LEAD_WEBHOOK_URL: 'https://a.example/x, https://b.example/y',
      LEAD_WEBHOOK_SECRET: SECRET,
    })
    expect(notifications.webhookUrls).toEqual(['https://a.example/x', 'https://b.example/y'])
    expect(notifications.allowPrivateTargets).toBe(false)
    expect(parseConfig({}).notifications).toMatchObject({
      webhookUrls: [],
      webhookSecret: undefined,
      allowPrivateTargets: false,
    })
  })
})
