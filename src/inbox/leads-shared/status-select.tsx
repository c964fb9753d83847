import { useId } from 'react'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/lead-status.ts'
import { fieldClassName } from '../../components/ui/input.tsx'
import { cn } from '../../lib/cn.ts'
import { useChangeStatus } from '../api/leads.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'
import { statusTone } from '../ui/status-tone.ts'

interface StatusSelectProps {
  id: number
  status: LeadStatus
  /** The label: a visible one on the lead's page, one naming the lead in a list. */
  label: string
  visibleLabel?: boolean
  onChanged: (announcement: string) => void
  name: string
  /** A compact chip in the status's colour (the list's rows), rather than a full-width field. */
  chip?: boolean
}

/** Changes a lead's status as soon as another is chosen. */
export function StatusSelect({
  id,
  status,
  label,
  visibleLabel = false,
  onChanged,
  name,
  chip = false,
}: StatusSelectProps) {
  const selectId = useId()
  const change = useChangeStatus()
  const shown = change.isPending && change.variables ? change.variables.status : status
  const tone = statusTone[shown]
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className={visibleLabel ? 'text-sm font-semibold' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        {chip && (
          <span
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute top-1/2 left-3 size-2.5 -translate-y-1/2 rounded-full',
              tone.dot,
            )}
          />
        )}
        <select
          id={selectId}
          // Never disabled while saving: a disabled control drops the keyboard's focus.
          value={shown}
          aria-busy={change.isPending}
          aria-describedby={change.isError ? `${selectId}-error` : undefined}
          onChange={(event) => {
            const next = event.target.value as LeadStatus
            // A promise, not mutate's callback: in a list filtered by status the row leaves once the list is read again.
            change.mutateAsync({ id, status: next }).then(
              () => onChanged(inboxCopy.list.statusChanged(name, statusLabels[next])),
              () => undefined, // shown from the mutation's state
            )
          }}
          className={
            chip
              ? cn(
                  'min-h-11 w-full rounded-full py-1 pr-2 pl-7 text-sm font-semibold ring-1 pointer-fine:min-h-8',
                  tone.chip,
                )
              : cn(fieldClassName, 'min-w-36 py-2')
          }
        >
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {change.isError && (
        <p id={`${selectId}-error`} role="alert" className="text-sm text-red-800">
          {inboxCopy.list.statusFailed}
        </p>
      )}
    </div>
  )
}
