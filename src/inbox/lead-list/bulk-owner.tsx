import { useState } from 'react'
import { useBulkOwner } from '../api/owners.ts'
import { useTeam } from '../api/teammates.ts'
import { ownerCopy } from '../content/owner-copy.ts'
import { BulkChoice, type BulkActionProps } from './bulk-choice.tsx'

const copy = ownerCopy
const NOBODY = ''

/** Gives every selected lead to one teammate (or nobody), in one request. */
export function BulkOwner({ ids, onDone }: BulkActionProps) {
  const team = useTeam()
  const [owner, setOwner] = useState(NOBODY)
  const assign = useBulkOwner()
  const teammates = team.data?.teammates ?? []
  const apply = () => {
    const chosen = teammates.find((mate) => String(mate.id) === owner)
    assign.mutate(
      { ids, owner: chosen?.id ?? null },
      { onSuccess: ({ found }) => onDone(copy.bulkDone(found, chosen?.email ?? '')) },
    )
  }
  return (
    <BulkChoice
      label={copy.bulk}
      value={owner}
      options={[
        { value: NOBODY, label: copy.unassigned },
        ...teammates.map((mate) => ({ value: String(mate.id), label: mate.email })),
      ]}
      onChange={setOwner}
      selectClassName="max-w-56"
      onApply={apply}
      pending={assign.isPending}
      apply={copy.bulkApply}
      applying={copy.bulkApplying}
      failed={assign.isError ? copy.bulkFailed : undefined}
    />
  )
}
