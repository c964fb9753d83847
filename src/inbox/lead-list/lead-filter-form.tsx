import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { BOOKING_FILTERS } from '../../../common/booking-api.ts'
import { LEAD_STATUSES } from '../../../common/lead-status.ts'
import { fieldClassName, Input } from '../../components/ui/input.tsx'
import { cn } from '../../lib/cn.ts'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useLeadSources } from '../api/lead-sources.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { filterCopy } from '../content/filter-copy.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'
import { activeFilterCount, listPath } from '../leads-shared/list-query.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { Field } from '../ui/field.tsx'
import { RangePresets } from '../ui/range-presets.tsx'
import { KeyboardHint } from './keyboard-hint.tsx'
import { moveLeadFocus } from './lead-links.ts'
import { OwnerFilterField } from './owner-filter-field.tsx'
import { sourceChoices } from './source-choices.ts'
import { useFilterFields } from './use-filter-fields.ts'
import { useListKeys } from './use-list-keys.ts'

const copy = inboxCopy.filters
const pill = 'inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5'

/** The server's words when it refused the search itself (a 400 naming `q`, e.g. too short to look up). */
export function searchProblemOf(error: unknown): string | undefined {
  if (!(error instanceof AdminApiError) || error.status !== 400 || error.serverMessage === undefined) return undefined
  return error.serverMessage.startsWith('q: ') ? error.serverMessage.slice(3) : undefined
}

/**
 * On a phone the filters fold once a choice has been applied (a status, a
 * source, a day, a quick range, Clear), so the leads it shows are in view; not
 * while the search is typed in. Any filter a later change adds counts, as the
 * whole address but the search, the page and the order is compared.
 */
function useFoldAfterChoice(query: LeadListQuery, open: boolean, fold: () => void) {
  const choice = listPath({ ...query, q: undefined, cursor: undefined, sort: undefined })
  const seen = useRef(choice)
  useEffect(() => {
    if (seen.current === choice) return
    seen.current = choice
    const typing = document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'search'
    if (open && !typing) fold()
  }, [choice, open, fold])
}

/**
 * The filters, filled from the address and applied as they change: a choice
 * at once, the search and the days after a pause in typing, without leaving
 * the field. On a phone they fold behind a button, so the leads come first.
 */
export function LeadFilterForm({ query, searchProblem }: { query: LeadListQuery; searchProblem?: string | undefined }) {
  const formId = useId()
  const [open, setOpen] = useState(false)
  const search = useRef<HTMLInputElement>(null)
  const returnTo = useRef<Element | null>(null)
  const { form, apply, applySoon, cancel } = useFilterFields(query)
  const sources = useLeadSources().data?.sources ?? []
  const active = activeFilterCount(query)
  const toggle = useRef<HTMLButtonElement>(null)
  useFoldAfterChoice(query, open, () => {
    setOpen(false)
    // The focus was on a field now hidden: back to the button that unfolds them (shown on a phone only).
    if (form.current?.contains(document.activeElement) && toggle.current?.checkVisibility()) toggle.current.focus()
  })

  const focusSearch = useCallback(() => {
    returnTo.current = document.activeElement
    // Folded on a phone: unfolded first, so the field can take the focus.
    flushSync(() => setOpen(true))
    search.current?.focus()
  }, [])
  useListKeys(focusSearch)

  const leaveSearch = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return
    // The field keeps its text: Esc only hands the focus back, to the lead it came from if any.
    event.preventDefault()
    const back = returnTo.current
    returnTo.current = null
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus()
    else event.currentTarget.blur()
  }

  const spam = query.view === 'spam'
  return (
    <>
      <button
        type="button"
        onClick={() => moveLeadFocus(1)}
        className="sr-only rounded-full bg-ink px-4 font-semibold text-white focus:not-sr-only focus:mt-4 focus:inline-flex focus:min-h-11 focus:items-center"
      >
        {filterCopy.skipToLeads}
      </button>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
        className={cn(pill, 'mt-4 sm:hidden')}
      >
        {filterCopy.toggle(active)}
      </button>
      <form
        ref={form}
        id={formId}
        role="search"
        aria-label={copy.legend}
        onSubmit={(event) => {
          event.preventDefault()
          apply('q')
          // A search sent with Enter is a choice too: on a phone the leads it finds come into view.
          if (toggle.current?.checkVisibility()) {
            setOpen(false)
            toggle.current.focus()
          }
        }}
        className={cn(
          'mt-4 gap-4 rounded-2xl bg-white p-4 shadow-sm sm:mt-6 sm:grid sm:grid-cols-2 lg:grid-cols-8',
          open ? 'grid' : 'hidden',
        )}
      >
        <Field
          label={copy.search}
          hint={
            searchProblem === undefined ? (
              copy.searchHint
            ) : (
              <span className="font-semibold text-red-800">{searchProblem}</span>
            )
          }
          className="sm:col-span-2"
        >
          {({ id, describedBy }) => (
            <Input
              ref={search}
              id={id}
              name="q"
              type="search"
              defaultValue={query.q}
              aria-describedby={describedBy}
              aria-invalid={searchProblem !== undefined}
              onChange={() => applySoon('q')}
              onKeyDown={leaveSearch}
            />
          )}
        </Field>
        {!spam && (
          <Field label={copy.status}>
            {({ id }) => (
              <select
                id={id}
                name="status"
                defaultValue={query.status ?? ''}
                onChange={() => apply()}
                className={fieldClassName}
              >
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
        {!spam && (
          <Field label={bookingCopy.filter}>
            {({ id }) => (
              <select
                id={id}
                name="booking"
                defaultValue={query.booking ?? ''}
                onChange={() => apply()}
                className={fieldClassName}
              >
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
        {!spam && <OwnerFilterField owner={query.owner} onChange={() => apply()} />}
        <Field label={copy.source}>
          {({ id }) => (
            <select
              id={id}
              name="source"
              defaultValue={query.source ?? ''}
              onChange={() => apply()}
              className={fieldClassName}
            >
              <option value="">{filterCopy.anySource}</option>
              {sourceChoices(sources, query.source).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={copy.from}>
          {({ id }) => (
            <Input id={id} name="from" type="date" defaultValue={query.from} onChange={() => applySoon('from')} />
          )}
        </Field>
        <Field label={copy.to}>
          {({ id }) => <Input id={id} name="to" type="date" defaultValue={query.to} onChange={() => applySoon('to')} />}
        </Field>
        <div className="flex flex-wrap items-start gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-8">
          <RangePresets
            inline
            current={query}
            hrefOf={(range) => listPath({ ...query, ...range, cursor: undefined })}
          />
          <InboxLink
            href={listPath({ view: query.view })}
            onClick={cancel}
            className={cn(pill, 'ring-0 underline underline-offset-4')}
          >
            {copy.clear}
          </InboxLink>
          <KeyboardHint />
        </div>
      </form>
    </>
  )
}
