import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startReceiver } from '../testing/http-receiver.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { channelsFor } from './channels.ts'
import { startNotifier } from './notifier.ts'

const temp = useTempDatabase()

const log = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe(`Slack-compatible notifications on ${DATABASE_TARGET}`, () => {
  it('posts a short {text}, unsigned, with the answers unable to become Slack markup, and retries like webhooks', async () => {
    const receiver = await startReceiver((index, response) => {
      if (index === 0) response.writeHead(502)
    })
    const notifier = startNotifier({
      db: temp.db,
      channels: channelsFor(
        parseConfig({ LEAD_SLACK_WEBHOOK_URL: receiver.url('/services/T0/B0/token'), WEBHOOK_ALLOW_PRIVATE: 'true' })
          .notifications,
      ),
      log,
      pollMs: 20,
      retryDelaysMs: [50],
    })
    try {
      await insertApplication(temp.db, { spam: true })
      const lead = await insertApplication(temp.db, {
        answers: { name: 'Ada <!channel> & Co', email: 'ada@example.com' },
      })
      for (let round = 0; round < 500 && receiver.requests.length < 2; round++) await sleep(20)
      await sleep(200)
      expect(receiver.requests).toHaveLength(2)
      const [first, second] = receiver.requests
      expect(second?.body).toBe(first?.body)
      expect(second?.path).toBe('/services/T0/B0/token')
      expect(second?.headers['content-type']).toBe('application/json')
      expect(second?.headers['webhook-signature']).toBeUndefined()
      const { text } = JSON.parse(second?.body ?? '{}') as { text: string }
      expect(text).toContain(`New application #${lead}`)
      expect(text).toContain('Ada &lt;!channel&gt; &amp; Co')
      expect(text).toContain('ada@example.com')
      expect(text).not.toContain('<!channel>')
      const attempts = await temp.db.query<{ status: number }>(
        `SELECT a.status FROM lead_delivery_attempts a JOIN lead_deliveries d ON d.id = a.delivery_id WHERE d.application_id = $1 ORDER BY a.id`,
        [lead],
      )
      expect(attempts.map((attempt) => attempt.status)).toEqual([502, 200])
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('refuses a malformed LEAD_SLACK_WEBHOOK_URL without repeating it', () => {
    expect(() => parseConfig({ LEAD_SLACK_WEBHOOK_URL: 'hooks.slack.com/services/secret-token' })).toThrow(
      /LEAD_SLACK_WEBHOOK_URL: must be/,
    )
    expect(() => parseConfig({ LEAD_SLACK_WEBHOOK_URL: 'hooks.slack.com/services/secret-token' })).not.toThrow(
      /secret-token/,
    )
  })
})
