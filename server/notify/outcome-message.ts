import type { OutcomeDeliveryEvent } from '../../common/booking-api.ts'
import { fromMinorUnits } from '../../common/money.ts'
import type { LeadMessage } from './channel.ts'
import type { OutcomeNotice } from './notices.ts'

const HEADLINES = {
  'lead.won': 'Deal won',
  'lead.lost': 'Deal lost',
} as const satisfies Record<OutcomeDeliveryEvent, string>

/** The won amount as a decimal ("12500.00"), exactly; null when there is none. */
const amountOf = (outcome: OutcomeNotice) =>
  outcome.amountMinor === null || outcome.currency === null
    ? null
    : fromMinorUnits(outcome.amountMinor, outcome.currency)

/** One line about a deal won or lost: the lead, the amount or the reason, who entered it. */
export function outcomeHeadline({ lead }: LeadMessage, outcome: OutcomeNotice): string {
  const name = lead.answers.name ?? ''
  const amount = amountOf(outcome)
  const what =
    outcome.event === 'lead.won'
      ? amount === null
        ? ''
        : `, ${amount} ${outcome.currency ?? ''}`
      : outcome.lostReason === null
        ? ''
        : ` (${outcome.lostReason})`
  return `${HEADLINES[outcome.event]}: #${lead.id} ${name}${what} · ${outcome.author}`
}

/** The `data` of a `lead.won` or `lead.lost` webhook: the lead it is about, and the outcome as entered. */
export function outcomeWebhookData({ lead }: LeadMessage, outcome: OutcomeNotice) {
  return {
    application_id: lead.id,
    submission_id: lead.submission_id,
    ...(outcome.event === 'lead.won' && {
      amount: amountOf(outcome),
      amount_minor: outcome.amountMinor === null ? null : Number(outcome.amountMinor),
      currency: outcome.currency,
    }),
    ...(outcome.event === 'lead.lost' && { lost_reason: outcome.lostReason, note: outcome.note }),
    entered_by: outcome.author,
  }
}
