import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { duplicatesCopy } from '../content/duplicates-copy.ts'

/** "Applied again" beside a lead another lead shares an email or phone with (common/merge-api.ts). Text, so it reads without colour. */
export function AppliedAgainBadge({ lead }: { lead: Pick<LeadSummary, 'appliedAgain'> }) {
  if (!lead.appliedAgain) return null
  return (
    <span className="ml-2 inline-block rounded-full px-2 py-0.5 align-middle text-xs font-semibold whitespace-nowrap text-ink ring-1 ring-ink/50">
      {duplicatesCopy.badge}
      <span className="sr-only">{duplicatesCopy.badgeReason}</span>
    </span>
  )
}
