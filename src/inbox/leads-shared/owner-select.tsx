import { useId, useState } from 'react'
import type { LeadOwner } from '../../../common/owner-api.ts'
import { fieldClassName } from '../../components/ui/input.tsx'
import { cn } from '../../lib/cn.ts'
import { useChangeOwner } from '../api/owners.ts'
import { useSignedIn } from '../api/session.ts'
import { useTeam } from '../api/teammates.ts'
import { ownerCopy } from '../content/owner-copy.ts'

const copy = ownerCopy
const NOBODY = ''

/** How an owner reads: the email, "(you)" after one's own, or "Unassigned". */
export function ownerLabel(owner: LeadOwner | null, myEmail: string): string {
  if (owner === null) return copy.unassigned
  return owner.email === myEmail ? copy.you(owner.email) : owner.email
}

interface OwnerSelectProps {
  id: number
  owner: LeadOwner | null
  /** The lead's name, for the label and the announcement. */
  name: string
  visibleLabel?: boolean
  className?: string
}

/**
 * Gives the lead to a teammate (or nobody) as soon as one is chosen: on the
 * lead's page and the board's cards. What was done is said to screen readers
 * beside it.
 */
export function OwnerSelect({ id, owner, name, visibleLabel = false, className }: OwnerSelectProps) {
  const selectId = useId()
  const [announcement, setAnnouncement] = useState('')
  const change = useChangeOwner()
  const team = useTeam()
  const { email: me } = useSignedIn()
  const teammates = team.data?.teammates ?? []
  const shown = change.isPending && change.variables ? change.variables.owner : (owner?.id ?? null)
  // Until the team is read (or should the owner have just been removed), the current owner is still a choice.
  const choices =
    owner === null || teammates.some((mate) => mate.id === owner.id)
      ? teammates.map(({ id: mateId, email }) => ({ id: mateId, email }))
      : [owner, ...teammates.map(({ id: mateId, email }) => ({ id: mateId, email }))]
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={selectId} className={visibleLabel ? 'text-sm font-semibold' : 'sr-only'}>
        {visibleLabel ? copy.owner : copy.ownerOf(name)}
      </label>
      <select
        id={selectId}
        value={shown === null ? NOBODY : String(shown)}
        aria-busy={change.isPending}
        aria-describedby={change.isError ? `${selectId}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value === NOBODY ? null : Number(event.target.value)
          const chosen = choices.find((choice) => choice.id === next)
          change.mutateAsync({ id, owner: next }).then(
            () => setAnnouncement(chosen ? copy.changed(name, chosen.email) : copy.unassignedNow(name)),
            () => undefined, // shown from the mutation's state
          )
        }}
        className={cn(fieldClassName, 'min-w-0 py-2')}
      >
        <option value={NOBODY}>{copy.unassigned}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={String(choice.id)}>
            {choice.email === me ? copy.you(choice.email) : choice.email}
          </option>
        ))}
      </select>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {change.isError && (
        <p id={`${selectId}-error`} role="alert" className="text-sm text-red-800">
          {copy.changeFailed}
        </p>
      )}
    </div>
  )
}
