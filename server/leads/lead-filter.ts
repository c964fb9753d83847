import type { z } from 'zod'
import { leadListQuerySchema } from '../../common/admin-api-schema.ts'
import type { ContactField } from '../../common/application-form.ts'
import type { BookingFilter } from '../../common/booking-api.ts'
import { DIRECT_SOURCE } from '../../common/funnel-api.ts'
import { leadOrderOf, SEARCH_MIN_RUN, SEARCH_TOO_SHORT, type LeadSort } from '../../common/lead-list-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import type { OwnerFilter } from '../../common/owner-api.ts'
import { zonedDayEnd, zonedDayStart } from '../../common/zoned-day.ts'
import { arrayLiteral } from '../db/array-literal.ts'
import { ApiError } from '../http/api-error.ts'
import { needsOutcomeSql } from '../lead-lifecycle/chase.ts'
import { decodeListCursor, type ListCursor } from './cursor.ts'

/** The answers the inbox's search looks in as typed, in the order of their trigram index's expression (migrations/016). */
export const SEARCH_FIELDS = ['name', 'email', 'instagram', 'business'] as const satisfies readonly ContactField[]

/** Joins the answers in the search index; never part of what is searched for, so no match spans two answers. */
export const SEARCH_SEPARATOR = '\x1f'

/** The phone's digits alone, last in the index's text, so that a number is found however it was spaced. */
const PHONE_DIGITS = "regexp_replace(s.phone, '[^0-9]+', '', 'g')"

/** The expression the search index holds: the planner uses the index only for this exact text. */
export const SEARCH_TEXT = [...SEARCH_FIELDS.map((field) => `s.${field}`), PHONE_DIGITS].join(" || E'\\x1f' || ")

// Digits with at most the marks people put in phone numbers: "+44 7700 900123", "(020) 7946-0018".
const PHONE_LIKE = /^[+\d\s().\-/]*\d[+\d\s().\-/]*$/u

// A run of letters or digits long enough to hold a trigram, the unit of the search index.
const INDEXED_RUN = new RegExp(`[\\p{L}\\p{N}]{${SEARCH_MIN_RUN}}`, 'u')

// A whole address, as the erasure by email reads one: no space, one @, a dot after it.
const WHOLE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u

/** The list's filters, read and checked. */
export interface LeadFilter {
  search: string | undefined
  /** The search is a whole email address too short for the search index: matched exactly, case ignored. */
  exactEmail?: boolean
  status: LeadStatus | undefined
  /** DIRECT_SOURCE asks for the leads with no source, as the funnel counts them. */
  source: string | undefined
  /** Inclusive start, midnight UTC of `from`. */
  from: Date | undefined
  /** Exclusive end, midnight UTC of the day after `to`. */
  before: Date | undefined
  spam: boolean
  booking: BookingFilter | undefined
  /** Only the leads of this account (the "Mine" filter), or null for the unassigned; any owner when absent. */
  owner?: number | null
  /** Only these leads (a selection's export); every lead when absent. */
  ids?: readonly number[]
}

/** The list's request, read: its filter, its order, and where the page before ended. */
export interface LeadQuery {
  filter: LeadFilter
  sort: LeadSort
  cursor: ListCursor | undefined
}

/**
 * Reads the list's query string; throws a 400 ApiError naming every problem in
 * words. Its days are those of `timeZone` (TIMEZONE), UTC unless given;
 * `accountId` is who asks: "Mine" is that account's leads.
 */
export function parseLeadQuery(input: unknown, timeZone = 'UTC', accountId?: number): LeadQuery {
  const result = leadListQuerySchema.safeParse(input)
  if (!result.success) throw ApiError.invalid(result.error)
  return leadQueryOf(result.data, timeZone, accountId)
}

/**
 * The list's request from its query string as its route schema read it
 * (leadListQuerySchema); throws a 400 ApiError for a search the index cannot serve.
 * `from` and `to` are days of the agency's `timeZone` (TIMEZONE): `from` from its
 * midnight there, `to` up to the next midnight there. `accountId` is who asks:
 * "Mine" is that account's leads.
 */
export function leadQueryOf(
  query: z.output<typeof leadListQuerySchema>,
  timeZone: string,
  accountId?: number,
): LeadQuery {
  const search = searchText(query.q)
  const owner = ownerOf(query.owner, accountId)
  return {
    filter: {
      search: search?.text,
      ...(search?.exactEmail === true ? { exactEmail: true } : {}),
      status: query.status,
      source: query.source === '' || query.source === undefined ? undefined : query.source.toLowerCase(),
      from: query.from === undefined ? undefined : zonedDayStart(query.from, timeZone),
      before: query.to === undefined ? undefined : zonedDayEnd(query.to, timeZone),
      spam: query.view === 'spam',
      booking: query.booking,
      ...(owner === undefined ? {} : { owner }),
      ...(query.ids === undefined ? {} : { ids: query.ids }),
    },
    sort: query.sort,
    cursor:
      query.cursor === undefined ? undefined : decodeListCursor(query.cursor, leadOrderOf(query.booking, query.sort)),
  }
}

/**
 * What the search looks for: a phone-like text by its digits alone, since the
 * index holds the phone's digits. A text the search index cannot serve (no
 * three letters or digits in a row) would be answered by reading every lead,
 * with the whole site waiting on the embedded database: it is refused, unless
 * it is a whole email address, which its own index finds exactly.
 */
function searchText(q: string | undefined): { text: string; exactEmail: boolean } | undefined {
  const typed = q?.replaceAll(SEARCH_SEPARATOR, '').trim()
  if (typed === undefined || typed === '') return undefined
  const text = PHONE_LIKE.test(typed) ? typed.replace(/\D/gu, '') : typed
  if (INDEXED_RUN.test(text)) return { text, exactEmail: false }
  if (WHOLE_EMAIL.test(text)) return { text, exactEmail: true }
  throw new ApiError(400, `q: ${SEARCH_TOO_SHORT}`, { details: [{ field: 'q', message: SEARCH_TOO_SHORT }] })
}

/** The owner a filter asks for: the asking account's id for "Mine", null for the unassigned. */
function ownerOf(filter: OwnerFilter | undefined, accountId: number | undefined): number | null | undefined {
  if (filter === 'none') return null
  if (filter === undefined) return undefined
  if (accountId === undefined) throw new ApiError(400, 'owner: "mine" needs a signed-in account')
  return accountId
}

/** A lead's owner as lead_pipeline_owner_idx holds it (migrations/024): 0 for nobody, so both filters are an equality. */
export const OWNER_KEY = 'coalesce(p.owner, 0)'

const bookingsWhere = (condition: string) =>
  `EXISTS (SELECT 1 FROM bookings b WHERE b.application_id = s.id${condition})`

/** What each booking filter asks of a lead's bookings. */
const BOOKING_CONDITIONS: Readonly<Record<BookingFilter, string>> = {
  booked: bookingsWhere(''),
  not_booked: `NOT ${bookingsWhere('')}`,
  upcoming: bookingsWhere(" AND b.state = 'scheduled' AND b.starts_at > now()"),
  // Every booking cancelled: a reschedule's new booking keeps the lead out.
  canceled: `${bookingsWhere(" AND b.state = 'canceled'")} AND NOT ${bookingsWhere(" AND b.state <> 'canceled'")}`,
  no_show: bookingsWhere(" AND b.state = 'no_show'"),
  needs_outcome: needsOutcomeSql('s.id'),
}

/** `text` matched literally inside ILIKE's pattern. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/**
 * The WHERE clause of a filter over contact_submissions `s` joined to
 * lead_pipeline `p`, and its parameters from `$${first}` on. With a status or an
 * owner, the time conditions go on p.received_at so their indexes (status or
 * owner, received_at) serve them; otherwise on s.created_at, which the inbox
 * indexes serve.
 */
export function filterSql(
  filter: LeadFilter,
  first = 1,
): { where: string; params: unknown[]; time: string; id: string } {
  const params: unknown[] = []
  const next = (value: unknown) => {
    params.push(value)
    return `$${first + params.length - 1}`
  }
  const [time, id] =
    filter.status === undefined && filter.owner === undefined
      ? ['s.created_at', 's.id']
      : ['p.received_at', 'p.application_id']
  const conditions = [filter.spam ? 's.spam' : 'NOT s.spam']
  if (filter.status !== undefined) conditions.push(`p.status = ${next(filter.status)}`)
  if (filter.owner !== undefined) conditions.push(`${OWNER_KEY} = ${next(filter.owner ?? 0)}::bigint`)
  if (filter.source === DIRECT_SOURCE) conditions.push('lead_source(s.attribution) IS NULL')
  else if (filter.source !== undefined) conditions.push(`lead_source(s.attribution) = ${next(filter.source)}`)
  if (filter.from !== undefined) conditions.push(`${time} >= ${next(filter.from.toISOString())}::timestamptz`)
  if (filter.before !== undefined) conditions.push(`${time} < ${next(filter.before.toISOString())}::timestamptz`)
  if (filter.booking !== undefined) conditions.push(BOOKING_CONDITIONS[filter.booking])
  if (filter.ids !== undefined) conditions.push(`s.id = ANY(${next(arrayLiteral(filter.ids))}::bigint[])`)
  if (filter.search !== undefined && filter.exactEmail === true) {
    // contact_submissions_email_lower_idx (migrations/009) holds lower(email).
    conditions.push(`lower(s.email) = lower(${next(filter.search)})`)
  } else if (filter.search !== undefined) {
    const pattern = next(likePattern(filter.search))
    conditions.push(`(${SEARCH_TEXT}) ILIKE ${pattern}`)
  }
  return { where: conditions.join(' AND '), params, time, id }
}
