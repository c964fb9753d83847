import { useId } from 'react'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/admin-api.ts'
import { fieldClassName } from '../../components/ui/input.tsx'
import { cn } from '../../lib/cn.ts'
import { useChangeStatus } from '../api/leads.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'

interface StatusSelectProps {
  id: number
  status: LeadStatus
  /** The label: a visible one on the lead's page, one naming the lead in a list. */
  label: string
  visibleLabel?: boolean
  onChanged: (announcement: string) => void
  name: string
}

/** Changes a lead's status as soon as another is chosen. */
export function StatusSelect({ id, status, label, visibleLabel = false, onChanged, name }: StatusSelectProps) {
  const selectId = useId()
  const change = useChangeStatus()
  const shown = change.isPending && change.variables ? change.variables.status : status
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className={visibleLabel ? 'text-sm font-semibold' : 'sr-only'}>
        {label}
      </label>
      <select
        id={selectId}
        // Never disabled while saving: a disabled control drops the keyboard's focus.
        value={shown}
        aria-busy={change.isPending}
        aria-describedby={change.isError ? `${selectId}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value as LeadStatus
          change.mutate({ id, status: next }, { onSuccess: () => onChanged(inboxCopy.list.statusChanged(name, statusLabels[next])) })
        }}
        className={cn(fieldClassName, 'min-w-36 py-2')}
      >
        {LEAD_STATUSES.map((value) => (
          <option key={value} value={value}>
            {statusLabels[value]}
          </option>
        ))}
      </select>
      {change.isError && (
        <p id={`${selectId}-error`} role="alert" className="text-sm text-red-800">
          {inboxCopy.list.statusFailed}
        </p>
      )}
    </div>
  )
}
