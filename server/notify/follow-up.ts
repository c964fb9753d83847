import type { Attribution } from '../../common/attribution.ts'
import { prefilledBookingUrl } from '../../common/booking-link.ts'
import type { SiteManifest } from '../../common/site-manifest.ts'
import type { FollowUpConfig } from '../config.ts'
import type { Queryable } from '../db/database.ts'
import { applicantAddress } from './applicant-address.ts'
import type { Channel, LeadMessage } from './channel.ts'
import { escapeHtml, oneLine, smtpTransport, verdictOfSmtpError } from './email.ts'
import { claimFollowUp, unclaimedReason } from './follow-up-claim.ts'
import { followUpCopy as copy } from './follow-up-copy.ts'
import type { UnsubscribeSigner } from './unsubscribe-link.ts'

/** The follow-up's channel in the database: one name, whatever the SMTP settings, so a lead is followed up once. */
export const FOLLOW_UP_TARGET = 'follow-up'
export const FOLLOW_UP_LABEL = 'follow-up email to the applicant'

export interface FollowUpOptions {
  /** Where each follow-up claims its address before it is sent. */
  db: Queryable
  config: FollowUpConfig
  /** The booking page the page itself sends applicants to. */
  booking: SiteManifest['booking']
  unsubscribe: UnsubscribeSigner
}

/** The follow-up email: the applicant's own prefilled booking link, and a one-click way to stop. */
export function followUpEmail({ lead }: LeadMessage, links: { booking: string; unsubscribe: string }) {
  const firstName = oneLine(lead.answers.name ?? '', 60).split(' ')[0] ?? ''
  const text = [
    copy.greeting(firstName),
    '',
    copy.body,
    links.booking,
    '',
    copy.ignore,
    '',
    `${copy.stop}: ${links.unsubscribe}`,
    '',
  ].join('\n')
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<p>${escapeHtml(copy.greeting(firstName))}</p>
<p>${escapeHtml(copy.body)}</p>
<p><a href="${escapeHtml(links.booking)}">${escapeHtml(copy.bookLink)}</a></p>
<p>${escapeHtml(copy.ignore)}</p>
<p style="color: #555; font-size: 13px"><a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(copy.stop)}</a></p>
</body></html>
`
  return { subject: copy.subject, text, html }
}

/**
 * The one email to an applicant who has not booked (follow-up-sweep.ts queues
 * it), from LEAD_EMAIL_FROM. It takes nothing from the outbox: its deliveries
 * are made by the sweep. Its headers offer RFC 8058 one-click unsubscribe.
 * It goes to exactly one plain address, the applicant's answer, never to one
 * that unsubscribed, and to an address once however often it applies; else
 * the delivery fails at once with the reason, which the inbox shows.
 */
export function followUpChannel({ db, config, booking, unsubscribe }: FollowUpOptions): Channel {
  const transport = smtpTransport(config.smtpUrl)
  return {
    target: FOLLOW_UP_TARGET,
    label: FOLLOW_UP_LABEL,
    takes: [],
    concurrency: 4,
    async send(message) {
      const { lead } = message
      if (message.event !== 'follow_up') return { verdict: 'failed', error: 'nothing to send: not a follow-up' }
      const to = applicantAddress(lead.answers.email)
      if (!to.ok) return { verdict: 'failed', error: to.reason }
      const claim = await claimFollowUp(db, to.sha256, lead.id)
      if (claim !== 'ours') return { verdict: 'failed', error: unclaimedReason[claim] }
      const lastTouch = (lead.attribution as Attribution | null)?.last_touch
      const links = {
        booking: prefilledBookingUrl(
          booking.url,
          booking.provider,
          { answers: lead.answers, applicationId: lead.submission_id },
          lastTouch,
        ),
        unsubscribe: await unsubscribe.link(config.publicUrl, lead.submission_id),
      }
      const { subject, text, html } = followUpEmail(message, links)
      try {
        await transport.sendMail({
          from: config.from,
          // The bare address, which nodemailer reads back as itself: one recipient, no name.
          to: to.address,
          subject,
          text,
          html,
          messageId: `<${message.messageId}@follow-ups>`,
          headers: {
            'List-Unsubscribe': `<${links.unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        })
        return { verdict: 'delivered' }
      } catch (error) {
        return verdictOfSmtpError(error)
      }
    },
  }
}
