import { useState } from 'react'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/lead-status.ts'
import { useBulkNotSpam, useBulkStatus } from '../api/bulk-leads.ts'
import { statusLabels } from '../content/inbox-copy.ts'
import { listCopy } from '../content/list-copy.ts'
import { BulkChoice, bulkControl, type BulkActionProps } from './bulk-choice.tsx'

const copy = listCopy

/** Moves every selected lead to one status, in one request. */
export function BulkStatus({ ids, onDone }: BulkActionProps) {
  const [status, setStatus] = useState<LeadStatus>('contacted')
  const change = useBulkStatus()
  const apply = () =>
    change.mutate(
      { ids, status },
      { onSuccess: ({ found }) => onDone(copy.bulkStatusDone(found, statusLabels[status])) },
    )
  return (
    <BulkChoice
      label={copy.bulkStatus}
      value={status}
      options={LEAD_STATUSES.map((value) => ({ value, label: statusLabels[value] }))}
      onChange={(value) => setStatus(value as LeadStatus)}
      onApply={apply}
      pending={change.isPending}
      apply={copy.bulkStatusApply}
      applying={copy.bulkStatusApplying}
      failed={change.isError ? copy.bulkStatusFailed : undefined}
    />
  )
}

/** In the spam view: every selected entry becomes a lead, each announced as the single "Not spam" does. */
export function BulkNotSpam({ ids, onDone }: BulkActionProps) {
  const move = useBulkNotSpam()
  const apply = () => {
    if (!move.isPending) move.mutate(ids, { onSuccess: ({ moved }) => onDone(copy.notSpamDone(moved)) })
  }
  return (
    <>
      <button type="button" onClick={apply} aria-busy={move.isPending} className={bulkControl}>
        {move.isPending ? copy.notSpamMoving : copy.notSpam}
      </button>
      {move.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          {copy.notSpamFailed}
        </p>
      )}
    </>
  )
}
