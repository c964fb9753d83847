import { useEffect, useRef, type KeyboardEvent } from 'react'
import type { FormField } from '../../../../common/application-form.ts'
import { Input, Textarea } from '../../../components/ui/input.tsx'
import { site } from '../../../content/site.ts'

interface StepFieldProps {
  field: FormField
  value: string
  invalid: boolean
  /** Why the answer was refused, shown under it, when it is there but not in the shape asked. */
  message?: string | null
  readOnly: boolean
  describedBy: string
  onChange: (value: string) => void
  /** Enter: Next, or Submit on the last question. */
  onEnter: () => void
}

export function StepField({
  field,
  value,
  invalid,
  message = null,
  readOnly,
  describedBy,
  onChange,
  onEnter,
}: StepFieldProps) {
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const id = `application-${field.key}`
  const hintId = `${id}-hint`
  const messageId = `${id}-message`
  const described = message === null ? describedBy : `${describedBy} ${messageId}`

  // Each question takes the focus as it appears, so typing can go on without a click.
  useEffect(() => {
    fieldRef.current?.focus()
  }, [field.key])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    onEnter()
  }

  const shared = {
    id,
    ref: fieldRef,
    name: field.key,
    value,
    placeholder: field.placeholder,
    required: true,
    readOnly,
    maxLength: field.maxLength,
    autoComplete: field.autocomplete ?? 'off',
    'aria-invalid': invalid || undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onKeyDown,
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-lg font-semibold">
        {field.label}
        <span aria-hidden="true" className="text-red-700">
          {' *'}
        </span>
      </label>
      {field.kind === 'long-text' ? (
        <>
          <Textarea {...shared} aria-describedby={`${described} ${hintId}`} rows={5} />
          <p id={hintId} className="text-sm text-ink/70">
            {site.application.longAnswerHint}
          </p>
        </>
      ) : (
        <Input {...shared} aria-describedby={described} type={field.kind} />
      )}
      {/* Announced as it appears; it goes once the answer changes. */}
      <p id={messageId} role="alert" className={message === null ? 'sr-only' : 'text-sm font-semibold text-red-700'}>
        {message}
      </p>
    </div>
  )
}
