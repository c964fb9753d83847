import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { liveCopy } from '../content/live-copy.ts'

/** "New" beside a lead the signed-in account has not opened (its status may be anything). Text, so it reads without colour. */
export function NewBadge({ lead }: { lead: Pick<LeadSummary, 'isNew'> }) {
  if (!lead.isNew) return null
  return (
    <span className="ml-2 inline-block rounded-full bg-ink px-2 py-0.5 align-middle text-xs font-bold tracking-wide text-white uppercase">
      {liveCopy.newBadge}
      <span className="sr-only">{liveCopy.newBadgeReason}</span>
    </span>
  )
}
