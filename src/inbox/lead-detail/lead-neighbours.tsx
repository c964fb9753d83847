import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { useLeadNeighbours } from '../api/lead-page.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { filtersOf, leadPath } from '../leads-shared/lead-path.ts'
import { listPath } from '../leads-shared/list-query.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { useLeadKeys } from './use-lead-keys.ts'

const copy = leadPageCopy.neighbours
const link = 'inline-flex min-h-11 items-center font-semibold underline underline-offset-4'

function Neighbour({ href, label, arrow }: { href: string | undefined; label: string; arrow: string }) {
  const text = (
    <>
      {arrow === '↑' && <span aria-hidden="true">↑&nbsp;</span>}
      {label}
      <span className="sr-only sm:not-sr-only">&nbsp;{copy.lead}</span>
      {arrow === '↓' && <span aria-hidden="true">&nbsp;↓</span>}
    </>
  )
  // At either end of the list there is no such lead: the words stay, greyed, where the link would be.
  if (href === undefined)
    return (
      <span aria-disabled="true" className="inline-flex min-h-11 items-center text-ink/60">
        {text}
      </span>
    )
  return (
    <InboxLink href={href} className={link}>
      {text}
    </InboxLink>
  )
}

/** Back to the list the lead was opened from, and its neighbours there, with the same filters; Esc, J and K do the same. */
export function LeadNeighbours({ id, query }: { id: number; query: LeadListQuery }) {
  const filters = filtersOf(query)
  const neighbours = useLeadNeighbours(id, filters)
  const back = listPath(filters)
  const previous = neighbours.data?.previous ? leadPath(neighbours.data.previous, filters) : undefined
  const next = neighbours.data?.next ? leadPath(neighbours.data.next, filters) : undefined
  useLeadKeys({ back, next, previous })
  return (
    <nav aria-label={copy.label} className="flex flex-wrap items-center justify-between gap-x-4">
      <InboxLink href={back} className={link}>
        <span aria-hidden="true">←&nbsp;</span>
        {inboxCopy.detail.back}
      </InboxLink>
      <div className="flex flex-wrap items-center gap-x-4 sm:gap-x-5">
        <p className="hidden text-sm text-ink/70 lg:block">{copy.keys}</p>
        <Neighbour href={previous} label={copy.previous} arrow="↑" />
        <Neighbour href={next} label={copy.next} arrow="↓" />
      </div>
    </nav>
  )
}
