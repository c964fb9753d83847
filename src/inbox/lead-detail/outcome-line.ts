import type { LeadOutcome } from '../../../common/lead-outcome-api.ts'
import { outcomeCopy } from '../content/outcome-copy.ts'

/** An outcome in words: "Won: 12,500.50 USD", "Lost: Price", "Showed". */
export function outcomeLine(outcome: LeadOutcome): string {
  const kind = `${outcomeCopy.current(outcomeCopy.kinds[outcome.outcome])}`
  if (outcome.amount !== null && outcome.currency !== null)
    return outcomeCopy.line(kind, `${outcome.amount} ${outcome.currency}`)
  return outcomeCopy.line(kind, outcome.lostReason)
}
