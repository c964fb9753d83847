import { bookingHeadline } from './booking-message.ts'
import type { Channel, LeadMessage, SendResult } from './channel.ts'
import { outcomeHeadline } from './outcome-message.ts'
import { postJson } from './safe-http.ts'
import { hashedTarget, verdictOf, verdictOfError, WEBHOOK_TIMEOUT_MS } from './webhook.ts'

// Slack reads &, < and > in text as markup (links, mentions): an answer must not become one.
export const escapeSlack = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The short message: who applied and how to reach them. Everything else is in the inbox. */
export function slackText(message: LeadMessage): string {
  const { lead, booking, outcome } = message
  if (outcome !== undefined) return escapeSlack(outcomeHeadline(message, outcome))
  if (booking !== undefined) return escapeSlack(bookingHeadline(message, booking))
  const { name = '', email = '', phone = '', business = '' } = lead.answers
  const who = [name, email, phone]
    .filter((part) => part !== '')
    .map(escapeSlack)
    .join(' · ')
  return `New application #${lead.id}: ${who}${business === '' ? '' : `\n${escapeSlack(business.length > 200 ? `${business.slice(0, 200)}…` : business)}`}`
}

export interface SlackOptions {
  url: string
  allowPrivate: boolean
  timeoutMs?: number
}

/** Posts `{text}` to a Slack-compatible webhook; the answer read as a webhook's is. */
export async function postSlackText(
  url: URL,
  text: string,
  { allowPrivate, timeoutMs = WEBHOOK_TIMEOUT_MS, signal }: Omit<SlackOptions, 'url'> & { signal?: AbortSignal },
): Promise<SendResult> {
  try {
    const answer = await postJson(url, JSON.stringify({ text }), { headers: {}, timeoutMs, allowPrivate, signal })
    return verdictOf(answer.status, answer.retryAfter)
  } catch (error) {
    return verdictOfError(error)
  }
}

/**
 * A Slack incoming webhook, or anything that takes its `{text}` (Mattermost,
 * Discord's /slack, Teams workflows). Unsigned: Slack verifies nothing, and its
 * URL is the secret. Answers are read as webhooks' are.
 */
export function slackChannel({ url, allowPrivate, timeoutMs = WEBHOOK_TIMEOUT_MS }: SlackOptions): Channel {
  const target = new URL(url)
  return {
    target: hashedTarget('slack', url),
    label: `Slack-compatible webhook at ${target.origin}`,
    takes: ['application', 'booking', 'lead'],
    send: (message, signal) => postSlackText(target, slackText(message), { allowPrivate, timeoutMs, signal }),
  }
}
