import type { ReactNode } from 'react'
import { leadPath } from '../leads-shared/lead-path.ts'
import { listQueryFrom } from '../leads-shared/list-query.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { useLocation } from '../router/use-location.ts'

/** A link to a lead's page that carries the list's filters, so "← All leads" and next/previous keep them. */
export function LeadLink({
  id,
  title,
  className,
  children,
}: {
  id: number
  title?: string
  className?: string
  children: ReactNode
}) {
  const { params } = useLocation()
  return (
    <InboxLink href={leadPath(id, listQueryFrom(params))} title={title} className={className}>
      {children}
    </InboxLink>
  )
}
