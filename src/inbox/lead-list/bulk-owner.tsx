import { useId, useState } from 'react'
import { useBulkOwner } from '../api/owners.ts'
import { useTeam } from '../api/teammates.ts'
import { ownerCopy } from '../content/owner-copy.ts'
import { bulkControl } from './bulk-status.tsx'

const copy = ownerCopy
const NOBODY = ''

/** Gives every selected lead to one teammate (or nobody), in one request. */
export function BulkOwner({ ids, onDone }: { ids: number[]; onDone: (announcement: string) => void }) {
  const selectId = useId()
  const team = useTeam()
  const [owner, setOwner] = useState(NOBODY)
  const assign = useBulkOwner()
  const teammates = team.data?.teammates ?? []
  const apply = () => {
    if (assign.isPending) return
    const chosen = teammates.find((mate) => String(mate.id) === owner)
    assign.mutate(
      { ids, owner: chosen?.id ?? null },
      { onSuccess: ({ found }) => onDone(copy.bulkDone(found, chosen?.email ?? '')) },
    )
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-semibold">
        {copy.bulk}
      </label>
      <select
        id={selectId}
        value={owner}
        onChange={(event) => setOwner(event.target.value)}
        className="min-h-11 max-w-56 rounded-full bg-white px-3 text-sm ring-1 ring-ink/25"
      >
        <option value={NOBODY}>{copy.unassigned}</option>
        {teammates.map((mate) => (
          <option key={mate.id} value={String(mate.id)}>
            {mate.email}
          </option>
        ))}
      </select>
      <button type="button" onClick={apply} aria-busy={assign.isPending} className={bulkControl}>
        {assign.isPending ? copy.bulkApplying : copy.bulkApply}
      </button>
      {assign.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          {copy.bulkFailed}
        </p>
      )}
    </div>
  )
}
