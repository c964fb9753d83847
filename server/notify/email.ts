import { createTransport } from 'nodemailer'
import { applicationForm } from '../../common/application-form.ts'
import { smtpTransportOptions } from '../config/smtp-url.ts'
import type { EmailConfig } from '../config.ts'
import { bookingHeadline } from './booking-message.ts'
import type { Channel, LeadMessage, SendResult } from './channel.ts'
import { outcomeHeadline } from './outcome-message.ts'
import { hashedTarget } from './webhook.ts'

/** As long as a webhook may take to answer, for each step of the SMTP exchange. */
const SMTP_TIMEOUT_MS = 15_000

export const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

// A subject is one line; an answer with a line break must not start a header.
export const oneLine = (value: string, max: number) => {
  const line = value.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** The email about a booking event or an outcome: one line, and where to read more. */
function shortEmail(message: LeadMessage, headline: string) {
  const footer = `Application #${message.lead.id}; the lead's bookings and outcomes are in the inbox.`
  return {
    subject: oneLine(headline, 150),
    text: `${headline}\n\n${footer}\n`,
    html: `<!doctype html>
<html><body style="font-family: sans-serif">
<p>${escapeHtml(headline)}</p>
<p style="color: #555">${escapeHtml(footer)}</p>
</body></html>
`,
  }
}

/** The email about one lead: every answer under its question, in the form's order; or about its booking. */
export function leadEmail(message: LeadMessage) {
  if (message.outcome !== undefined) return shortEmail(message, outcomeHeadline(message, message.outcome))
  if (message.booking !== undefined) return shortEmail(message, bookingHeadline(message, message.booking))
  const { lead } = message
  const rows = applicationForm.map((field) => ({ label: field.label, value: lead.answers[field.key] ?? '' }))
  const name = lead.answers.name ?? ''
  const subject = oneLine(`New application: ${name}`, 150)
  const footer = `Application #${lead.id}, received ${lead.created_at}.`
  const attribution = lead.attribution === null ? undefined : JSON.stringify(lead.attribution, null, 2)
  const text = [
    ...rows.map((row) => `${row.label}:\n${row.value}\n`),
    ...(attribution === undefined ? [] : [`Where they came from:\n${attribution}\n`]),
    footer,
    '',
  ].join('\n')
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<h1 style="font-size: 18px">New application</h1>
<table cellpadding="6" style="border-collapse: collapse">
${rows
  .map(
    (row) =>
      `<tr><th align="left" valign="top">${escapeHtml(row.label)}</th><td style="white-space: pre-wrap">${escapeHtml(row.value)}</td></tr>`,
  )
  .join('\n')}
</table>
${attribution === undefined ? '' : `<h2 style="font-size: 15px">Where they came from</h2>\n<pre>${escapeHtml(attribution)}</pre>\n`}<p style="color: #555">${escapeHtml(footer)}</p>
</body></html>
`
  return { subject, text, html }
}

/**
 * Whether an SMTP failure is worth retrying: anything but a permanent refusal
 * of the message or its recipients. A missing STARTTLS is retried too, as mail
 * servers defer on a failed TLS policy: it may be someone on the path who
 * will be gone later, and nothing was sent meanwhile.
 */
export function verdictOfSmtpError(error: unknown): SendResult {
  const message = error instanceof Error ? error.message : String(error)
  const { responseCode, code, command } = (error ?? {}) as { responseCode?: unknown; code?: unknown; command?: unknown }
  if (code === 'ETLS' && command === 'STARTTLS' && typeof responseCode === 'number') {
    return {
      verdict: 'retry',
      error: `the SMTP server did not accept STARTTLS (${message}); nothing was sent, as SMTP_URL needs TLS for this host (?tls=optional allows cleartext)`,
    }
  }
  if (typeof responseCode === 'number' && responseCode >= 550 && responseCode <= 554)
    return { verdict: 'failed', error: message }
  return { verdict: 'retry', error: message }
}

/** The operator's SMTP server, a connection per message, so nothing stays open between leads or after the server closes. */
export const smtpTransport = (smtpUrl: string) =>
  createTransport({
    ...smtpTransportOptions(smtpUrl),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })

/** One email per lead (and per booking event, if asked), through the operator's SMTP server. */
export function emailChannel({ smtpUrl, to, from, bookings }: EmailConfig): Channel {
  const transport = smtpTransport(smtpUrl)
  return {
    target: hashedTarget('email', to.join(',')),
    label: `email to ${to.join(', ')}`,
    takes: bookings ? ['application', 'booking', 'lead'] : ['application', 'lead'],
    // Mail servers often take only a few sessions from one client at once, and refuse the rest for now.
    concurrency: 4,
    async send(message) {
      const { subject, text, html } = leadEmail(message)
      try {
        await transport.sendMail({
          from,
          to,
          subject,
          text,
          html,
          // Mail clients thread and deduplicate by it; the same on every retry.
          messageId: `<${message.messageId}@lead-notifications>`,
        })
        return { verdict: 'delivered' }
      } catch (error) {
        return verdictOfSmtpError(error)
      }
    },
  }
}
