import { useState } from 'react'
import type { Teammate } from '../../../common/account-api.ts'
import { useTakesNewLeads } from '../api/teammates.ts'
import { ownerCopy } from '../content/owner-copy.ts'

const copy = ownerCopy

/**
 * Whether a teammate gets new leads in turn: a box the owner ticks, said in
 * words to the others. Saved at once; the team is read again after.
 */
export function TakesNewLeads({ teammate, canManage }: { teammate: Teammate; canManage: boolean }) {
  const change = useTakesNewLeads()
  // The box shows the choice at once, until the team has been read again after it (or the change failed).
  const [chosen, setChosen] = useState<boolean | undefined>(undefined)
  if (!canManage) return teammate.takesNewLeads ? <p className="text-sm">{copy.takesNewLeads}</p> : null
  const checked = chosen ?? teammate.takesNewLeads
  return (
    <div className="flex flex-col">
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={checked}
          aria-label={copy.takesNewLeadsOf(teammate.email)}
          aria-busy={change.isPending}
          onChange={(event) => {
            const takesNewLeads = event.target.checked
            setChosen(takesNewLeads)
            change.mutate({ id: teammate.id, takesNewLeads }, { onSettled: () => setChosen(undefined) })
          }}
          className="size-5 accent-ink"
        />
        <span aria-hidden="true">{copy.takesNewLeads}</span>
      </label>
      {change.isError && (
        <p role="alert" className="text-sm text-red-800">
          {copy.takesNewLeadsFailed}
        </p>
      )}
    </div>
  )
}
