import type { ClaimedConversion } from './claim.ts'
import type { LeadConsent } from './ports.ts'

/** What the worker does with a claimed row before any platform sees it. */
export type Guard =
  | { kind: 'send' }
  /** An earlier row of the same lead, platform and stage has not ended: an adjustment goes after it. */
  | { kind: 'wait' }
  | { kind: 'skipped'; reason: string }

export const NO_CONSENT = 'no consent'

/**
 * Nothing goes of a lead without consent. An adjustment goes only after the
 * conversion it adjusts was sent, in order; a booked retraction is moot once
 * the lead has a call again, and a restatement of the amount already sent says
 * nothing new.
 */
export function guard(row: ClaimedConversion, consent: LeadConsent | undefined): Guard {
  if (consent?.consented !== true) return { kind: 'skipped', reason: NO_CONSENT }
  if (row.kind === 'conversion') return { kind: 'send' }
  if (row.earlierPending) return { kind: 'wait' }
  if (row.conversionState !== 'sent') return { kind: 'skipped', reason: `the ${row.stage} conversion was never sent` }
  if (row.kind === 'retraction' && row.stage === 'booked' && row.scheduled)
    return { kind: 'skipped', reason: 'rebooked: the lead has a call scheduled again' }
  if (row.kind === 'restatement' && row.sentAmount === row.amountMinor && row.sentCurrency === row.currency)
    return { kind: 'skipped', reason: 'the amount sent is unchanged' }
  return { kind: 'send' }
}
