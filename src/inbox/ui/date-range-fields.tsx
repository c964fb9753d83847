import { useId, useState } from 'react'
import { Input } from '../../components/ui/input.tsx'
import { Field } from './field.tsx'

/** A range form's From-after-To state: the To field and the form's alert share `errorId`. */
export interface RangeCheck {
  backwards: boolean
  errorId: string
  /** Records whether `from` comes after `to` (either may be empty); true when the range may be shown. */
  accept: (from: string, to: string) => boolean
}

export function useRangeCheck(): RangeCheck {
  const [backwards, setBackwards] = useState(false)
  const errorId = useId()
  const accept = (from: string, to: string) => {
    const isBackwards = from !== '' && to !== '' && from > to
    setBackwards(isBackwards)
    return !isBackwards
  }
  return { backwards, errorId, accept }
}

interface DateRangeFieldsProps {
  range: { from: string; to: string }
  labels: { from: string; to: string }
  check: RangeCheck
}

/** The From and To days of a range form, named `from` and `to`; To says when the range runs backwards. */
export function DateRangeFields({ range, labels, check }: DateRangeFieldsProps) {
  return (
    <>
      <Field label={labels.from}>
        {({ id }) => <Input id={id} name="from" type="date" defaultValue={range.from} />}
      </Field>
      <Field label={labels.to}>
        {({ id }) => (
          <Input
            id={id}
            name="to"
            type="date"
            defaultValue={range.to}
            aria-invalid={check.backwards || undefined}
            aria-describedby={check.backwards ? check.errorId : undefined}
          />
        )}
      </Field>
    </>
  )
}
