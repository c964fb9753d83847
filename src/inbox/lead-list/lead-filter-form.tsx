import type { FormEvent } from 'react'
import { LEAD_STATUSES } from '../../../common/admin-api.ts'
import { BOOKING_FILTERS } from '../../../common/booking-api.ts'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { Button } from '../../components/ui/button.tsx'
import { fieldClassName, Input } from '../../components/ui/input.tsx'
import { bookingCopy } from '../content/booking-copy.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'
import { InboxLink } from '../shell/inbox-link.tsx'
import { Field } from '../shell/field.tsx'
import { navigate } from '../use-location.ts'
import { listPath, listQueryFrom } from './list-query.ts'

const copy = inboxCopy.filters

/** The filters, filled from the address; applying them keeps the order and starts again from the first page. */
export function LeadFilterForm({ query }: { query: LeadListQuery }) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) params.set(name, String(value))
    navigate(listPath({ ...listQueryFrom(params), view: query.view, sort: query.sort }))
  }
  return (
    <form
      role="search"
      aria-label={copy.legend}
      onSubmit={apply}
      className="mt-6 grid gap-4 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-7"
    >
      <Field label={copy.search} hint={copy.searchHint} className="sm:col-span-2">
        {({ id, describedBy }) => <Input id={id} name="q" type="search" defaultValue={query.q} aria-describedby={describedBy} />}
      </Field>
      {query.view !== 'spam' && (
        <Field label={copy.status}>
          {({ id }) => (
            <select id={id} name="status" defaultValue={query.status ?? ''} className={fieldClassName}>
              <option value="">{copy.anyStatus}</option>
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {query.view !== 'spam' && (
        <Field label={bookingCopy.filter}>
          {({ id }) => (
            <select id={id} name="booking" defaultValue={query.booking ?? ''} className={fieldClassName}>
              <option value="">{bookingCopy.anyBooking}</option>
              {BOOKING_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {bookingCopy.filters[filter]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field label={copy.source}>{({ id }) => <Input id={id} name="source" defaultValue={query.source} />}</Field>
      <Field label={copy.from}>{({ id }) => <Input id={id} name="from" type="date" defaultValue={query.from} />}</Field>
      <Field label={copy.to}>{({ id }) => <Input id={id} name="to" type="date" defaultValue={query.to} />}</Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-7">
        <Button type="submit">{copy.apply}</Button>
        <InboxLink
          href={listPath({ view: query.view })}
          className="inline-flex min-h-11 items-center px-2 font-semibold underline underline-offset-4"
        >
          {copy.clear}
        </InboxLink>
      </div>
    </form>
  )
}
