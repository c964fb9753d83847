import { useId, type ReactElement, type ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

interface FieldProps {
  label: string
  hint?: ReactNode
  className?: string
  /** The control, given the id its label points at and the id of its hint. */
  children: (ids: { id: string; describedBy: string | undefined }) => ReactElement
}

/** A control with its visible label above it and an optional hint read with it. */
export function Field({ label, hint, className, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, describedBy: hint ? hintId : undefined })}
      {hint && (
        <p id={hintId} className="text-sm text-ink/70">
          {hint}
        </p>
      )}
    </div>
  )
}
