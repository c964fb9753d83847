import { useEffect, useRef, type KeyboardEvent } from 'react'
import { FIELD_MAX_LENGTH } from '../../../../common/contact-submission.ts'
import { Input, Textarea } from '../../../components/ui/input.tsx'
import type { ApplicationStep } from '../../../content/application-steps.ts'
import { site } from '../../../content/site.ts'

interface StepFieldProps {
  step: ApplicationStep
  value: string
  invalid: boolean
  readOnly: boolean
  describedBy: string
  onChange: (value: string) => void
  /** Enter: Next, or Submit on the last question. */
  onEnter: () => void
}

export function StepField({ step, value, invalid, readOnly, describedBy, onChange, onEnter }: StepFieldProps) {
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const id = `application-${step.field}`
  const hintId = `${id}-hint`

  // Each question takes the focus as it appears, so typing can go on without a click.
  useEffect(() => {
    fieldRef.current?.focus()
  }, [step.field])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    onEnter()
  }

  const shared = {
    id,
    ref: fieldRef,
    name: step.field,
    value,
    placeholder: step.placeholder,
    required: true,
    readOnly,
    maxLength: FIELD_MAX_LENGTH[step.field],
    autoComplete: step.autoComplete ?? 'off',
    'aria-invalid': invalid || undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onKeyDown,
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-lg font-semibold">
        {step.label}
        <span aria-hidden="true" className="text-red-700">
          {' *'}
        </span>
      </label>
      {step.kind === 'textarea' ? (
        <>
          <Textarea {...shared} aria-describedby={`${describedBy} ${hintId}`} rows={5} />
          <p id={hintId} className="text-sm text-ink/70">
            {site.application.longAnswerHint}
          </p>
        </>
      ) : (
        <Input {...shared} aria-describedby={describedBy} type={step.kind} />
      )}
    </div>
  )
}
