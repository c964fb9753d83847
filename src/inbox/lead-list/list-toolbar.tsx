import { forwardRef, useId } from 'react'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { LEAD_SORTS, leadOrderOf, type LeadSort } from '../../../common/lead-list-api.ts'
import { listCopy } from '../content/list-copy.ts'
import { listPath } from '../leads-shared/list-query.ts'
import { navigate } from '../router/use-location.ts'
import { ExportDialog } from './export-dialog.tsx'

interface ListToolbarProps {
  query: LeadListQuery
  count: { total: number; capped: boolean } | undefined
}

/**
 * Beside the page's title: how many leads the filter matches, their order,
 * and the export, on one line with the title so the list starts higher. A new order starts again from the first page. The count takes the
 * focus after a bulk change (tabIndex -1), so the keyboard stays by the list.
 */
export const ListToolbar = forwardRef<HTMLParagraphElement, ListToolbarProps>(function ListToolbar(
  { query, count },
  countRef,
) {
  const sortId = useId()
  const sort = query.sort ?? 'received'
  return (
    // Its own line below 1024 px, beside the title from there up.
    <div className="flex basis-full flex-wrap items-center gap-x-4 gap-y-2 lg:basis-auto lg:flex-1">
      <p ref={countRef} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        {count && listCopy.count(count.total, count.capped, query.view === 'spam')}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-semibold">
          {listCopy.sortBy}
        </label>
        <select
          id={sortId}
          value={sort}
          onChange={(event) => {
            const next = event.target.value as LeadSort
            navigate(listPath({ ...query, cursor: undefined, sort: next === 'received' ? undefined : next }))
          }}
          className="min-h-11 rounded-full bg-white px-3 text-sm ring-1 ring-ink/25"
        >
          {LEAD_SORTS.map((value) => (
            <option key={value} value={value}>
              {listCopy.sorts[leadOrderOf(query.booking, value)]}
            </option>
          ))}
        </select>
      </div>
      <ExportDialog query={query} className="lg:ml-auto" />
    </div>
  )
})
