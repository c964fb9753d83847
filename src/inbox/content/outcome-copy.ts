import type { LeadOutcomeKind } from '../../../common/lead-outcome-api.ts'

/** How "To chase", "Needs an outcome" and the outcome after a call read in the inbox (ADR 040). */
export const outcomeCopy = {
  nav: 'To chase',
  navCount: (count: number) => (count === 1 ? 'To chase, 1 lead' : `To chase, ${count} leads`),
  reason: (reason: string) => `Why: ${reason}`,
  reasonTerm: 'Why',
  needsOutcome: 'Needs an outcome',
  needsOutcomeHint: 'The call has started: enter how it went.',
  kinds: {
    showed: 'Showed',
    no_show: 'No-show',
    won: 'Won',
    lost: 'Lost',
  } satisfies Record<LeadOutcomeKind, string>,
  form: {
    title: 'Outcome of the call',
    correctTitle: 'Correct the outcome',
    legend: 'How did the call go?',
    amount: 'Amount',
    amountHint: 'Digits, with a dot for decimals: 12500 or 12500.50',
    currency: 'Currency',
    lostReason: 'Reason',
    chooseReason: 'Choose a reason',
    note: 'Details (optional)',
    save: 'Save outcome',
    saving: 'Saving…',
    saved: (kind: string) => `Outcome saved: ${kind}.`,
    failed: 'The outcome could not be saved. Try again.',
    needAmount: 'Enter the amount, such as 12500 or 12500.50.',
    needReason: 'Choose a reason.',
    needKind: 'Choose how the call went.',
  },
  current: (kind: string) => `Outcome: ${kind}`,
  /** One outcome in the lead's timeline: "Won, 12500.00 USD", "Lost: Price (went with a freelancer)". */
  line: (kind: string, detail: string | null) => (detail ? `${kind}: ${detail}` : kind),
}
