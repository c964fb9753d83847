import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { spendCopy } from '../content/spend-copy.ts'
import { adminPaths } from '../router/paths.ts'
import { navigate } from '../router/use-location.ts'
import { Field } from '../ui/field.tsx'
import { RangePresets, type DayRange } from '../ui/range-presets.tsx'

const copy = spendCopy.entries

/** The address of the Spend screen showing the entries of a range. */
export const spendPath = (range: DayRange) => `${adminPaths.spend}?from=${range.from}&to=${range.to}`

/** The range of the entries shown, filled from the address; showing it puts it in the address. */
export function SpendRangeForm({ range }: { range: DayRange }) {
  const [backwards, setBackwards] = useState(false)
  const errorId = useId()
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const from = String(form.get('from') ?? '')
    const to = String(form.get('to') ?? '')
    const isBackwards = from !== '' && to !== '' && from > to
    setBackwards(isBackwards)
    if (isBackwards) return
    navigate(spendPath({ from: from || range.from, to: to || range.to }))
  }
  return (
    <form aria-label={copy.filters} onSubmit={show} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <RangePresets current={range} hrefOf={spendPath} className="sm:col-span-2 lg:col-span-3" />
      <Field label={copy.from}>{({ id }) => <Input id={id} name="from" type="date" defaultValue={range.from} />}</Field>
      <Field label={copy.to}>
        {({ id }) => (
          <Input
            id={id}
            name="to"
            type="date"
            defaultValue={range.to}
            aria-invalid={backwards || undefined}
            aria-describedby={backwards ? errorId : undefined}
          />
        )}
      </Field>
      <div className="flex items-end">
        <Button type="submit" variant="secondary">
          {copy.show}
        </Button>
      </div>
      {backwards && (
        <p id={errorId} role="alert" className="font-semibold text-red-800 sm:col-span-2 lg:col-span-3">
          {copy.backwards}
        </p>
      )}
    </form>
  )
}
