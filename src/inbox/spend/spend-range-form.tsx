import type { FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { spendCopy } from '../content/spend-copy.ts'
import { adminPaths } from '../router/paths.ts'
import { navigate } from '../router/use-location.ts'
import { DateRangeFields, useRangeCheck } from '../ui/date-range-fields.tsx'
import { RangePresets, type DayRange } from '../ui/range-presets.tsx'

const copy = spendCopy.entries

/** The address of the Spend screen showing the entries of a range. */
export const spendPath = (range: DayRange) => `${adminPaths.spend}?from=${range.from}&to=${range.to}`

/** The range of the entries shown, filled from the address; showing it puts it in the address. */
export function SpendRangeForm({ range }: { range: DayRange }) {
  const check = useRangeCheck()
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const from = String(form.get('from') ?? '')
    const to = String(form.get('to') ?? '')
    if (!check.accept(from, to)) return
    navigate(spendPath({ from: from || range.from, to: to || range.to }))
  }
  return (
    <form aria-label={copy.filters} onSubmit={show} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <RangePresets current={range} hrefOf={spendPath} className="sm:col-span-2 lg:col-span-3" />
      <DateRangeFields range={range} labels={copy} check={check} />
      <div className="flex items-end">
        <Button type="submit" variant="secondary">
          {copy.show}
        </Button>
      </div>
      {check.backwards && (
        <p id={check.errorId} role="alert" className="font-semibold text-red-800 sm:col-span-2 lg:col-span-3">
          {copy.backwards}
        </p>
      )}
    </form>
  )
}
