import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { cn } from '../../lib/cn.ts'
import { outcomeCopy } from '../content/outcome-copy.ts'

/** Why a lead is to chase or lost ("Why: No-show"), as text under its status; nothing otherwise. */
export function StatusReason({ lead, className }: { lead: Pick<LeadSummary, 'statusReason'>; className?: string }) {
  if (lead.statusReason === null) return null
  return (
    <p title={lead.statusReason} className={cn('text-xs break-words text-ink/80', className)}>
      {outcomeCopy.reason(lead.statusReason)}
    </p>
  )
}

/** "Needs an outcome" beside a booked lead whose call has started. Text, so it reads without colour. */
export function NeedsOutcomeMark({ lead }: { lead: Pick<LeadSummary, 'needsOutcome'> }) {
  if (!lead.needsOutcome) return null
  return (
    <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-bold text-amber-950 ring-1 ring-amber-700/40">
      {outcomeCopy.needsOutcome}
    </span>
  )
}
