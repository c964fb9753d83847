import type { NotificationConfig } from '../config.ts'
import type { Channel } from './channel.ts'
import { webhookChannel } from './webhook.ts'

/** The channels the configuration asks for; none when nothing is configured. */
export function channelsFor(config: NotificationConfig): Channel[] {
  const { webhookSecret } = config
  return webhookSecret === undefined
    ? []
    : config.webhookUrls.map((url) => webhookChannel({ url, key: webhookSecret, allowPrivate: config.allowPrivateTargets }))
}
