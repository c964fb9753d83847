/**
 * Every notification channel on loopback, for tests of what the outbox
 * announces: a signed webhook receiver, a Slack receiver and a plain SMTP
 * server, with the settings that point an app at them and readers of what each
 * received about one application.
 */
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Webhook } from 'standardwebhooks'
import { emailHeader } from './email-message.ts'
import { startReceiver } from './http-receiver.ts'
import { startPlainSmtp } from './plain-smtp.ts'

export interface WebhookEnvelope {
  type: string
  timestamp: string
  data: Record<string, unknown>
}

export interface NotificationChannels {
  webhooks: Awaited<ReturnType<typeof startReceiver>>
  slack: Awaited<ReturnType<typeof startReceiver>>
  smtp: Awaited<ReturnType<typeof startPlainSmtp>>
  /** The settings sending every channel's notifications to these receivers. */
  env: Record<string, string>
  /** The verified webhooks about application `id`, in the order they came. */
  webhooksAbout: (id: number) => WebhookEnvelope[]
  /** The Slack texts naming application `id` (`#id`). */
  slackAbout: (id: number) => string[]
  /** The subjects of the emails naming application `id` (`#id`). */
  subjectsAbout: (id: number) => string[]
  close: () => Promise<void>
}

export async function startNotificationChannels(): Promise<NotificationChannels> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  const webhooks = await startReceiver()
  const slack = await startReceiver()
  const smtp = await startPlainSmtp({ user: 'mailer', password: 'secret' })
  const verifier = new Webhook(secret)
  return {
    webhooks,
    slack,
    smtp,
    env: {
      LEAD_WEBHOOK_URL: webhooks.url('/hook'),
      LEAD_WEBHOOK_SECRET: secret,
      LEAD_SLACK_WEBHOOK_URL: slack.url('/slack'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}`,
      LEAD_EMAIL_TO: 'sales@agency.example',
      LEAD_EMAIL_FROM: 'leads@agency.example',
    },
    webhooksAbout: (id) =>
      webhooks.requests
        .map((request) => verifier.verify(request.body, request.headers as Record<string, string>) as WebhookEnvelope)
        .filter((envelope) => envelope.data.application_id === id || envelope.data.id === id),
    slackAbout: (id) =>
      slack.requests
        .map((request) => (JSON.parse(request.body) as { text: string }).text)
        .filter((text) => text.includes(`#${id}`)),
    subjectsAbout: (id) =>
      smtp.messages
        .map((message) => emailHeader(message.raw, 'Subject') ?? '')
        .filter((subject) => subject.includes(`#${id}`)),
    close: async () => {
      await webhooks.close()
      await slack.close()
      await smtp.close()
    },
  }
}

/** Waits (up to 10 s, in 25 ms steps) for `done`, else throws naming `what`. */
export async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let round = 0; round < 400 && !(await done()); round++) await sleep(25)
  if (!(await done())) throw new Error(`timed out waiting for ${what}`)
}
