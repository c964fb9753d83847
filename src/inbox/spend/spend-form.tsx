import { useId, useState, type FormEvent } from 'react'
import type { SpendPeriod } from '../../../common/spend-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useLeadSources } from '../api/lead-sources.ts'
import { useEnterSpend } from '../api/spend.ts'
import { spendCopy } from '../content/spend-copy.ts'
import { Field } from '../ui/field.tsx'
import { formatMoney } from '../ui/money.ts'
import { Notice } from '../ui/notice.tsx'
import { whenOf } from './spend-when.ts'

const copy = spendCopy.form

/** Enters one day's or one month's spend of a source (and campaign); the same key again replaces its amount. */
export function SpendForm({ currency }: { currency: string }) {
  const [per, setPer] = useState<SpendPeriod>('day')
  const [saved, setSaved] = useState<string>()
  const enter = useEnterSpend()
  const sources = useLeadSources()
  const sourcesId = useId()
  const perId = useId()
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (enter.isPending) return
    const form = event.currentTarget
    const data = new FormData(form)
    const value = (name: string) => String(data.get(name) ?? '').trim()
    setSaved(undefined)
    enter.mutate(
      { per, day: value('day'), source: value('source'), campaign: value('campaign'), amount: value('amount') },
      {
        onSuccess: (entry) => {
          setSaved(copy.saved(formatMoney(entry.amount, entry.currency), entry.source, whenOf(entry)))
          form.reset()
        },
      },
    )
  }
  const refusal = enter.error instanceof AdminApiError ? enter.error.serverMessage : undefined
  return (
    <form aria-label={copy.title} onSubmit={save} className="grid gap-4 sm:grid-cols-2">
      <fieldset className="sm:col-span-2">
        <legend id={perId} className="text-sm font-semibold">
          {copy.per}
        </legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {(['day', 'month'] as const).map((choice) => (
            <label
              key={choice}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 ring-1 ring-ink/25 has-[:checked]:bg-ink has-[:checked]:text-white"
            >
              <input
                type="radio"
                name="per"
                value={choice}
                checked={per === choice}
                onChange={() => setPer(choice)}
                className="size-4"
              />
              {choice === 'day' ? copy.perDay : copy.perMonth}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={per === 'day' ? copy.day : copy.month}>
        {({ id }) => <Input key={per} id={id} name="day" type={per === 'day' ? 'date' : 'month'} required />}
      </Field>
      <Field label={copy.source} hint={copy.sourceHint}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            name="source"
            list={sourcesId}
            required
            maxLength={100}
            autoComplete="off"
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <datalist id={sourcesId}>
        {(sources.data?.sources ?? []).map((source) => (
          <option key={source} value={source} />
        ))}
      </datalist>
      <Field label={copy.campaign} hint={copy.campaignHint}>
        {({ id, describedBy }) => (
          <Input id={id} name="campaign" maxLength={200} autoComplete="off" aria-describedby={describedBy} />
        )}
      </Field>
      <Field label={copy.amount(currency)} hint={copy.amountHint}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            name="amount"
            required
            inputMode="decimal"
            pattern="\d+(\.\d{1,3})?"
            autoComplete="off"
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" aria-disabled={enter.isPending}>
          {enter.isPending ? copy.saving : copy.save}
        </Button>
      </div>
      {saved && (
        <Notice tone="success" className="sm:col-span-2">
          {saved}
        </Notice>
      )}
      {enter.isError && (
        <Notice tone="error" className="sm:col-span-2">
          {copy.failed}
          {refusal && ` ${spendCopy.serverSays(refusal)}`}
        </Notice>
      )}
    </form>
  )
}
