import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { ADMIN_PAGE_PATH } from '../../../common/admin-api.ts'
import { BOOKING_FILTERS, type BookingFilter } from '../../../common/booking-api.ts'
import { LEAD_SORTS, type LeadSort } from '../../../common/lead-list-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/lead-status.ts'
import { OWNER_FILTERS, type OwnerFilter } from '../../../common/owner-api.ts'
import { leadQueryString } from '../api/leads.ts'
import { navigate } from '../router/use-location.ts'

const isStatus = (value: string | null): value is LeadStatus => LEAD_STATUSES.some((status) => status === value)
const isOwnerFilter = (value: string | null): value is OwnerFilter => OWNER_FILTERS.some((owner) => owner === value)
const isBookingFilter = (value: string | null): value is BookingFilter =>
  BOOKING_FILTERS.some((filter) => filter === value)
// Newest first is the default, so the address leaves it out.
const isOtherSort = (value: string | null): value is Exclude<LeadSort, 'received'> =>
  value !== 'received' && LEAD_SORTS.some((sort) => sort === value)
const text = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined

/** The list's filters and page, as the address holds them: what is shared is what is shown. */
export function listQueryFrom(params: URLSearchParams): LeadListQuery {
  const status = params.get('status')
  const booking = params.get('booking')
  const sort = params.get('sort')
  const owner = params.get('owner')
  return {
    q: text(params, 'q'),
    status: isStatus(status) ? status : undefined,
    // Sources are lower-cased (lead_source, migrations/009), so the choice shown matches the address.
    source: text(params, 'source')?.toLowerCase(),
    from: text(params, 'from'),
    to: text(params, 'to'),
    view: params.get('view') === 'spam' ? 'spam' : undefined,
    booking: isBookingFilter(booking) ? booking : undefined,
    owner: isOwnerFilter(owner) ? owner : undefined,
    sort: isOtherSort(sort) ? sort : undefined,
    cursor: text(params, 'cursor'),
  }
}

/** The address of a list view. */
export const listPath = (query: LeadListQuery) => `${ADMIN_PAGE_PATH}${leadQueryString(query)}`

/** How many filters are set; a date range counts once. */
export const activeFilterCount = (query: LeadListQuery) =>
  [query.q, query.status, query.booking, query.owner, query.source, query.from ?? query.to].filter(
    (value) => value !== undefined,
  ).length

const typedInOf = (state: unknown) =>
  typeof state === 'object' && state !== null && 'typedIn' in state && typeof state.typedIn === 'string'
    ? state.typedIn
    : undefined

/**
 * Shows the list with these filters, from its first page. A change typed into
 * a field (`typedIn`: the search, a day) replaces the address while the same
 * field is typed in, so Back goes to the view before the typing rather than
 * through every letter; any other change is a step of its own.
 */
export function showList(query: LeadListQuery, typedIn?: string) {
  const replace = typedIn !== undefined && typedInOf(window.history.state) === typedIn
  navigate(listPath({ ...query, cursor: undefined }), { replace, state: typedIn === undefined ? null : { typedIn } })
}

/**
 * The export of every lead the view's filters match, not only the page shown
 * (or of the leads `query.ids` names), newest first; `options` adds its mode and time zone.
 */
export const exportPath = (query: LeadListQuery, format: string, options: { mode?: string; tz?: string } = {}) =>
  `/api/admin/leads/export${leadQueryString({ ...query, cursor: undefined, sort: undefined }, { format, ...options })}`

/** The cursors of the pages before this one, kept in the history entry so that "Newer" can go back one page. */
export function cursorTrail(): string[] {
  const state: unknown = window.history.state
  if (typeof state !== 'object' || state === null || !('trail' in state) || !Array.isArray(state.trail)) return []
  return state.trail.filter((cursor): cursor is string => typeof cursor === 'string')
}
