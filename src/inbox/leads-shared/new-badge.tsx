import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { cn } from '../../lib/cn.ts'
import { liveCopy } from '../content/live-copy.ts'

/** "New" beside a lead the signed-in account has not opened (its status may be anything). Text, so it reads without colour. */
export function NewBadge({ lead, className }: { lead: Pick<LeadSummary, 'isNew'>; className?: string }) {
  if (!lead.isNew) return null
  return (
    <span
      className={cn(
        'ml-2 inline-block rounded-full bg-ink px-2 py-0.5 align-middle text-xs font-bold tracking-wide text-white uppercase',
        className,
      )}
    >
      {liveCopy.newBadge}
      <span className="sr-only">{liveCopy.newBadgeReason}</span>
    </span>
  )
}
