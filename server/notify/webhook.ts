import { createHash, createHmac } from 'node:crypto'
import { bookingWebhookData } from './booking-message.ts'
import type { Channel, LeadMessage, SendResult } from './channel.ts'
import { outcomeWebhookData } from './outcome-message.ts'
import { parseRetryAfter } from './retry-schedule.ts'
import { postJson } from './safe-http.ts'

export const WEBHOOK_EVENT = 'application.created'

/** Standard Webhooks: a receiver that has not answered in 15 s is counted as failing. */
export const WEBHOOK_TIMEOUT_MS = 15_000

/**
 * The body of `application.created`, a `booking.*` or a `lead.*` event. Its
 * timestamp is the application's, the booking event's by the provider's clock,
 * or the outcome's entry, so it is the same on every retry.
 */
export function webhookBody(message: LeadMessage): string {
  const { lead, booking, outcome } = message
  if (outcome !== undefined)
    return JSON.stringify({ type: outcome.event, timestamp: outcome.at, data: outcomeWebhookData(message, outcome) })
  if (booking === undefined) return JSON.stringify({ type: WEBHOOK_EVENT, timestamp: lead.created_at, data: lead })
  return JSON.stringify({
    type: booking.event,
    timestamp: booking.occurredAt,
    data: bookingWebhookData(message, booking),
  })
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, as Standard Webhooks signs. */
export function webhookSignature(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/**
 * What the database calls a channel: its kind and a hash of where it sends,
 * since a URL often carries its receiver's token. Changing the URL makes a new
 * channel, so one disabled by a 410 does not stay disabled for its replacement.
 */
export function hashedTarget(kind: string, where: string): string {
  return `${kind}:${createHash('sha256').update(where).digest('hex').slice(0, 32)}`
}

export const webhookTarget = (url: string) => hashedTarget('webhook', url)

/** What may be shown of a webhook URL: its origin, without credentials, path or query. */
export function webhookLabel(url: string): string {
  return new URL(url).origin
}

/** How an HTTP answer to a notification is read, for webhooks and Slack alike. */
export function verdictOf(status: number, retryAfter: string | undefined): SendResult {
  if (status >= 200 && status < 300) return { status, verdict: 'delivered' }
  if (status === 410) return { status, verdict: 'gone', error: '410 Gone: the receiver asked not to be sent any more' }
  if (status === 408 || status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(retryAfter)
    return {
      status,
      verdict: 'retry',
      error: `answered ${status}`,
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    }
  }
  if (status >= 300 && status < 400)
    return {
      status,
      verdict: 'failed',
      error: `answered ${status}: redirects are not followed; configure the final URL`,
    }
  return { status, verdict: 'failed', error: `answered ${status}` }
}

/** A network failure is worth retrying; a refused private address is not (until the operator changes something). */
export function verdictOfError(error: unknown): SendResult {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | undefined)?.code
  if (code === 'EPRIVATEADDRESS') return { verdict: 'failed', error: message }
  return { verdict: 'retry', error: typeof code === 'string' ? `${code}: ${message}` : message }
}

export interface WebhookOptions {
  url: string
  key: Buffer
  allowPrivate: boolean
  timeoutMs?: number
}

export function webhookChannel({ url, key, allowPrivate, timeoutMs = WEBHOOK_TIMEOUT_MS }: WebhookOptions): Channel {
  const target = new URL(url)
  return {
    target: webhookTarget(url),
    label: webhookLabel(url),
    takes: ['application', 'booking', 'lead'],
    async send(message, signal) {
      const body = webhookBody(message)
      const id = `msg_${message.messageId}`
      const timestamp = Math.floor(Date.now() / 1000)
      try {
        const answer = await postJson(target, body, {
          headers: {
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': webhookSignature(key, id, timestamp, body),
          },
          timeoutMs,
          allowPrivate,
          signal,
        })
        return verdictOf(answer.status, answer.retryAfter)
      } catch (error) {
        return verdictOfError(error)
      }
    },
  }
}
