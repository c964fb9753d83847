import type { LeadOwner } from '../../../common/owner-api.ts'
import { useSignedIn } from '../api/session.ts'
import { ownerLabel } from './owner-select.tsx'

/** A lead's owner in the list's column: cut short, its full text kept. */
export function OwnerName({ owner }: { owner: LeadOwner | null }) {
  const label = ownerLabel(owner, useSignedIn().email)
  return (
    <span title={label} className={owner === null ? 'block truncate text-ink/60' : 'block truncate'}>
      {label}
    </span>
  )
}
