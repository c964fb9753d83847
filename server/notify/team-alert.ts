import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { NotificationConfig } from '../config.ts'
import type { SendResult } from './channel.ts'
import { oneLine, smtpTransport, verdictOfSmtpError } from './email.ts'
import { escapeSlack, postSlackText } from './slack.ts'

/** A message to the team about the site itself, not about a lead. */
export interface TeamAlert {
  subject: string
  text: string
}

export interface TeamAlertLog {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

/**
 * Sends team alerts by the lead notifications' Slack webhook and email, those
 * configured. An alert is rare and held only in memory (the log line and the
 * inbox's banner are the record that lasts): a channel that cannot take it now
 * is tried again after each of these delays, then given up on, logged.
 */
export const TEAM_ALERT_RETRY_MS = [1_000, 10_000] as const

export interface TeamAlerts {
  /** Resolves once each channel has taken the alert or been given up on; never rejects. */
  send(alert: TeamAlert): Promise<void>
  /** Stops waiting to retry and waits for sends in flight (a connection's own timeout bounds them). */
  close(): Promise<void>
}

interface AlertChannel {
  label: string
  send(alert: TeamAlert, id: string, signal: AbortSignal): Promise<SendResult>
}

function alertChannels(config: NotificationConfig): AlertChannel[] {
  const { slackWebhookUrl, email, allowPrivateTargets: allowPrivate } = config
  const channels: AlertChannel[] = []
  if (slackWebhookUrl !== undefined) {
    const url = new URL(slackWebhookUrl)
    channels.push({
      label: `Slack-compatible webhook at ${url.origin}`,
      send: (alert, _id, signal) =>
        postSlackText(url, escapeSlack(`${alert.subject}\n${alert.text}`), { allowPrivate, signal }),
    })
  }
  if (email !== undefined) {
    const transport = smtpTransport(email.smtpUrl)
    channels.push({
      label: `email to ${email.to.join(', ')}`,
      async send(alert, id) {
        try {
          // The same Message-ID on a retry, so a mail client shows one message if two got through.
          await transport.sendMail({
            from: email.from,
            to: email.to,
            subject: oneLine(alert.subject, 150),
            text: `${alert.text}\n`,
            messageId: `<${id}@team-alerts>`,
          })
          return { verdict: 'delivered' }
        } catch (error) {
          return verdictOfSmtpError(error)
        }
      },
    })
  }
  return channels
}

/** The team's alerts as configured; none when neither Slack nor email is. */
export function teamAlerts(
  config: NotificationConfig,
  log: TeamAlertLog,
  retryMs: readonly number[] = TEAM_ALERT_RETRY_MS,
): TeamAlerts | undefined {
  const channels = alertChannels(config)
  if (channels.length === 0) return undefined
  const stop = new AbortController()
  const inFlight = new Set<Promise<void>>()

  async function deliver(channel: AlertChannel, alert: TeamAlert, id: string) {
    for (let attempt = 0; ; attempt++) {
      const result = await channel.send(alert, id, stop.signal)
      if (result.verdict === 'delivered')
        return log.info({ channel: channel.label }, `team alert sent: ${alert.subject}`)
      const delay = retryMs[attempt]
      if (result.verdict !== 'retry' || delay === undefined || stop.signal.aborted) {
        return log.error(
          { channel: channel.label, error: result.error, attempts: attempt + 1 },
          `team alert not sent, given up: ${alert.subject}`,
        )
      }
      try {
        await sleep(delay, undefined, { signal: stop.signal })
      } catch {
        return log.error(
          { channel: channel.label, error: result.error },
          `team alert not sent, the server closed: ${alert.subject}`,
        )
      }
    }
  }

  return {
    send(alert) {
      const id = randomUUID()
      const sending = Promise.all(channels.map((channel) => deliver(channel, alert, id))).then(() => undefined)
      inFlight.add(sending)
      void sending.finally(() => inFlight.delete(sending))
      return sending
    },
    async close() {
      stop.abort()
      await Promise.all(inFlight)
    },
  }
}
