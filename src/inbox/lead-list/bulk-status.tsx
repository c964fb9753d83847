import { useId, useState } from 'react'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/lead-status.ts'
import { useBulkNotSpam, useBulkStatus } from '../api/bulk-leads.ts'
import { statusLabels } from '../content/inbox-copy.ts'
import { listCopy } from '../content/list-copy.ts'

const copy = listCopy
export const bulkControl =
  'inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap ring-1 ring-ink/25 hover:bg-ink/5'

interface BulkActionProps {
  ids: number[]
  /** Told what was done, once it is. */
  onDone: (announcement: string) => void
}

/** Moves every selected lead to one status, in one request. */
export function BulkStatus({ ids, onDone }: BulkActionProps) {
  const statusId = useId()
  const [status, setStatus] = useState<LeadStatus>('contacted')
  const change = useBulkStatus()
  const apply = () => {
    if (!change.isPending)
      change.mutate(
        { ids, status },
        { onSuccess: ({ found }) => onDone(copy.bulkStatusDone(found, statusLabels[status])) },
      )
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={statusId} className="text-sm font-semibold">
        {copy.bulkStatus}
      </label>
      <select
        id={statusId}
        value={status}
        onChange={(event) => setStatus(event.target.value as LeadStatus)}
        className="min-h-11 rounded-full bg-white px-3 text-sm ring-1 ring-ink/25"
      >
        {LEAD_STATUSES.map((value) => (
          <option key={value} value={value}>
            {statusLabels[value]}
          </option>
        ))}
      </select>
      <button type="button" onClick={apply} aria-busy={change.isPending} className={bulkControl}>
        {change.isPending ? copy.bulkStatusApplying : copy.bulkStatusApply}
      </button>
      {change.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          {copy.bulkStatusFailed}
        </p>
      )}
    </div>
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
