import { useEffect, useRef } from 'react'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { leadQueryString } from '../api/leads.ts'
import { listQueryFrom, showList } from '../leads-shared/list-query.ts'

/** How long typing pauses before the search or a day is applied. */
export const TYPING_PAUSE_MS = 300

const FIELDS = ['q', 'status', 'booking', 'owner', 'source', 'from', 'to'] as const

/**
 * The filter form's fields, applied from what they hold. They are not
 * re-rendered from the address while typed in (that would move the caret, or
 * drop letters typed while the list loads): when the address changes by other
 * means (Back, a quick range, Clear filters, another view), the fields are set
 * to it, unless typing is about to be applied.
 */
export function useFilterFields(query: LeadListQuery) {
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<number | undefined>(undefined)

  const cancel = () => {
    window.clearTimeout(timer.current)
    timer.current = undefined
  }

  /** Shows the list with what the fields hold now; `typedIn` names the field typed in, if any. */
  const apply = (typedIn?: string) => {
    cancel()
    if (!form.current) return
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form.current)) params.set(name, String(value))
    // The view as the address has it when applied: the timer may outlive a move to Spam.
    const { view } = listQueryFrom(new URLSearchParams(window.location.search))
    showList({ ...listQueryFrom(params), view }, typedIn)
  }

  /** Applies a typed field once typing pauses. */
  const applySoon = (field: string) => {
    cancel()
    timer.current = window.setTimeout(() => apply(field), TYPING_PAUSE_MS)
  }

  const shown = leadQueryString({ ...query, cursor: undefined })
  useEffect(() => {
    const fields = form.current?.elements
    if (fields === undefined || timer.current !== undefined) return
    const wanted = listQueryFrom(new URLSearchParams(shown))
    for (const name of FIELDS) {
      const field = fields.namedItem(name)
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) continue
      // A day half typed reads as empty: left for the person to finish.
      if (field instanceof HTMLInputElement && field.validity.badInput && field === document.activeElement) continue
      const value = wanted[name] ?? ''
      if (field.value.trim().toLowerCase() !== value.toLowerCase()) field.value = value
    }
  }, [shown])

  // A pending change dies with the form.
  useEffect(() => cancel, [])

  return { form, apply, applySoon, cancel }
}
