import type { NotificationConfig } from '../config.ts'
import type { Channel } from './channel.ts'
import { emailChannel } from './email.ts'
import { slackChannel } from './slack.ts'
import { webhookChannel } from './webhook.ts'

/** The channels the configuration asks for; none when nothing is configured. */
export function channelsFor(config: NotificationConfig): Channel[] {
  const { webhookSecret, slackWebhookUrl, email, allowPrivateTargets: allowPrivate } = config
  return [
    ...(webhookSecret === undefined
      ? []
      : config.webhookUrls.map((url) => webhookChannel({ url, key: webhookSecret, allowPrivate }))),
    ...(slackWebhookUrl === undefined ? [] : [slackChannel({ url: slackWebhookUrl, allowPrivate })]),
    ...(email === undefined ? [] : [emailChannel(email)]),
  ]
}
