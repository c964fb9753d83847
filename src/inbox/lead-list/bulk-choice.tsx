import { useId } from 'react'

export const bulkControl =
  'inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap ring-1 ring-ink/25 hover:bg-ink/5'

export interface BulkActionProps {
  ids: number[]
  /** Told what was done, once it is. */
  onDone: (announcement: string) => void
}

interface BulkChoiceProps {
  label: string
  value: string
  options: { value: string; label: string }[]
  onChange: (value: string) => void
  /** Classes the select adds to the shared ones (a width). */
  selectClassName?: string
  onApply: () => void
  pending: boolean
  apply: string
  applying: string
  /** Shown as an alert when set: the last request failed. */
  failed?: string | undefined
}

/** One choice applied to every selected lead: a labelled select, its button and the failure, the bulk bar's shape. */
export function BulkChoice({ label, value, options, onChange, selectClassName = '', ...action }: BulkChoiceProps) {
  const selectId = useId()
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={['min-h-11 rounded-full bg-white px-3 text-sm ring-1 ring-ink/25', selectClassName].join(' ').trim()}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => {
          if (!action.pending) action.onApply()
        }}
        aria-busy={action.pending}
        className={bulkControl}
      >
        {action.pending ? action.applying : action.apply}
      </button>
      {action.failed !== undefined && (
        <p role="alert" className="w-full text-sm text-red-800">
          {action.failed}
        </p>
      )}
    </div>
  )
}
