import type { LeadSummary } from '../../../common/lead-list-api.ts'
import { sourceLabel } from '../../../common/source-labels.ts'
import { cn } from '../../lib/cn.ts'
import { listCopy } from '../content/list-copy.ts'
import { formatDateTime } from '../ui/format.ts'
import { leadAge } from '../ui/lead-age.ts'

/** Where the lead came from, in words (Instagram for `ig`), "(direct)" without a source. */
export function SourceBadge({ lead, className }: { lead: LeadSummary; className?: string }) {
  const label = lead.source === null ? listCopy.direct : sourceLabel(lead.source)
  return (
    <span
      title={label}
      className={cn(
        'inline-block max-w-full truncate rounded-full bg-ink/5 px-2 py-0.5 align-middle text-sm',
        className,
      )}
    >
      {label}
    </span>
  )
}

/**
 * "2 h ago", with the exact time: read out by a screen reader, shown on hover,
 * and shown while the focus is anywhere in the lead's row or card (the
 * `group/lead` around it), so a keyboard user sees it without one more stop.
 */
export function ReceivedAge({ lead, now }: { lead: LeadSummary; now: number }) {
  const exact = formatDateTime(lead.receivedAt)
  return (
    <span className="group/age relative inline-block">
      <time dateTime={lead.receivedAt} className="whitespace-nowrap">
        {leadAge(lead.receivedAt, now)}
      </time>
      <span className="sr-only">, {listCopy.receivedAt(exact)}</span>
      <span
        aria-hidden="true"
        data-exact-time=""
        className="pointer-events-none absolute bottom-full left-0 z-10 mb-1 hidden rounded-md bg-ink px-2 py-1 text-xs whitespace-nowrap text-white shadow group-focus-within/lead:block group-hover/age:block"
      >
        {exact}
      </span>
    </span>
  )
}
