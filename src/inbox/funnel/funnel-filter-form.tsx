import type { FormEvent } from 'react'
import { funnelSourceName } from '../../../common/source-labels.ts'
import { Button } from '../../components/ui/button.tsx'
import { fieldClassName } from '../../components/ui/input.tsx'
import { funnelCopy } from '../content/funnel-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { navigate } from '../router/use-location.ts'
import { DateRangeFields, useRangeCheck } from '../ui/date-range-fields.tsx'
import { Field } from '../ui/field.tsx'
import { RangePresets } from '../ui/range-presets.tsx'
import { funnelPath } from './funnel-query.ts'

const copy = inboxCopy.funnel

/** A source as offered: its name in words with the word itself ("Instagram (ig)"), or the word alone. */
const sourceChoice = (source: string) => {
  const name = funnelSourceName(source)
  return name && name !== source ? `${name} (${source})` : source
}

interface FunnelFilterFormProps {
  query: { from: string; to: string; source?: string | undefined }
  /** The sources seen in the range, the filter's choices. */
  sources: readonly string[]
  /** An address of the Funnel with the rest of the screen's state (the money table's) kept. */
  keep: (path: string) => string
}

/** The range and source, filled from the address; showing them puts them in the address. */
export function FunnelFilterForm({ query, sources, keep }: FunnelFilterFormProps) {
  const check = useRangeCheck()
  // The source shown stays a choice even when the range has no visits from it.
  const choices = query.source && !sources.includes(query.source) ? [query.source, ...sources] : sources
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '').trim()
    const [from, to] = [value('from'), value('to')]
    if (!check.accept(from, to)) return
    navigate(keep(funnelPath({ from: from || undefined, to: to || undefined, source: value('source') || undefined })))
  }
  return (
    <form
      aria-label={copy.filters}
      onSubmit={show}
      noValidate
      className="mt-6 grid gap-4 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <RangePresets
        current={query}
        hrefOf={(range) => keep(funnelPath({ ...range, source: query.source }))}
        className="sm:col-span-2 lg:col-span-4"
      />
      <DateRangeFields range={query} labels={copy} check={check} />
      <Field label={copy.source} hint={copy.sourceHint} className="sm:col-span-2">
        {({ id, describedBy }) => (
          <select
            id={id}
            name="source"
            defaultValue={query.source ?? ''}
            aria-describedby={describedBy}
            className={fieldClassName}
          >
            <option value="">{funnelCopy.everySource}</option>
            {choices.map((source) => (
              <option key={source} value={source}>
                {sourceChoice(source)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {check.backwards && (
        <p id={check.errorId} role="alert" className="font-semibold text-red-800 sm:col-span-2 lg:col-span-4">
          {copy.backwards}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit">{copy.apply}</Button>
        <InboxLink
          href={adminPaths.funnel}
          className="inline-flex min-h-11 items-center px-2 font-semibold underline underline-offset-4"
        >
          {copy.reset}
        </InboxLink>
      </div>
    </form>
  )
}
