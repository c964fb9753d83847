/**
 * The lead list's part of the inbox's API (common/admin-api.ts says where it
 * lives): a lead as the list shows it, its pages, orders and count, the export,
 * and the changes made to many leads at once.
 * Free of zod, like admin-api.ts; admin-api-schema.ts validates the requests.
 */
import type { applicationForm, FieldKey } from './application-form.ts'
import type { BookingFilter, LeadBookingSummary } from './booking-api.ts'
import type { LeadStatus } from './lead-status.ts'
import type { LeadOwner } from './owner-api.ts'

export const LEAD_PAGE_SIZE = 50

export type LeadAnswers = Record<FieldKey<typeof applicationForm>, string>

/** A lead as the list shows it. `source`: last-touch utm_source, else the referrer's host, else null. */
export interface LeadSummary {
  id: number
  receivedAt: string
  answers: LeadAnswers
  source: string | null
  status: LeadStatus
  /** The lead's call (LeadBookingSummary), or null when it has no booking. */
  booking: LeadBookingSummary | null
  /** Why a lead to chase or lost is so (the cancel reason, "No-show", the lost reason); null otherwise. */
  statusReason: string | null
  /** Booked, and its call has started: someone should enter the outcome (ADR 040). */
  needsOutcome: boolean
  /** Not opened yet by the signed-in account (common/live-api.ts). */
  isNew: boolean
  /** Another lead has its email or phone, stored within DUPLICATE_WINDOW_DAYS of it (common/merge-api.ts). */
  appliedAgain: boolean
  /** The teammate who works it (common/owner-api.ts); null when unassigned. */
  owner: LeadOwner | null
}

export interface LeadPage {
  leads: LeadSummary[]
  /** Absent on the last page. */
  nextCursor?: string
}

/**
 * GET /api/admin/leads?sort=…: `received`, newest first (the default); `name`,
 * A to Z, case ignored; `status`, in the pipeline's order (LEAD_STATUSES),
 * newest first within each. Any other value is a 400. The page's `nextCursor`
 * holds where it ended in that order, and is refused (400) for another.
 */
export const LEAD_SORTS = ['received', 'name', 'status'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]

/** The order a list is in: its sort, or `call` for the upcoming calls by start (leadOrderOf). */
export type LeadOrder = LeadSort | 'call'

/**
 * The order of a list of `booking` leads sorted by `sort`: the upcoming calls
 * in the default order come by their call's start, soonest first, as an agenda
 * reads (the newest application is not the next call); any other list, its sort.
 */
export const leadOrderOf = (booking: BookingFilter | undefined, sort: LeadSort): LeadOrder =>
  booking === 'upcoming' && sort === 'received' ? 'call' : sort

/**
 * The list counts the leads of its filter up to this many: `total` is exact up
 * to here, and `totalCapped` says that more match (shown as "10,000+ leads"),
 * so a count never reads every lead of a large inbox.
 */
export const LEAD_COUNT_CAP = 10_000

/**
 * A search needs this many letters or digits in a row (after a phone number is
 * read as its digits): the search index holds runs of three (trigrams), and a
 * search with none could only be answered by reading every lead. A whole email
 * address is found however short (an exact match on its own index). Anything
 * else is a 400 whose detail names `q` with SEARCH_TOO_SHORT.
 */
export const SEARCH_MIN_RUN = 3

/** The 400's words for a search too short to look up, shown under the search box. */
export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_RUN} letters or digits to search, or a whole email address`

/**
 * With a search, the count stops here instead (shown as "1,000+ leads"): each
 * match costs the search's check, and a common fragment matches nearly every lead.
 */
export const SEARCH_COUNT_CAP = 1_000

/** GET /api/admin/leads/count, with the list's filters: apart from the page, so the rows never wait for the count. */
export const LEAD_COUNT_PATH = '/leads/count'

/** How many leads the filter matches, every page together, up to LEAD_COUNT_CAP. */
export interface LeadCount {
  total: number
  /** More than `total` match. */
  totalCapped: boolean
}

/** The most leads one bulk change may name. */
export const BULK_MAX_IDS = 500

/**
 * POST /api/admin/leads/bulk-status `{ ids, status }`: each lead of `ids` that
 * exists gets `status`; a change is recorded in its history like a PATCH of
 * one. `found`: how many of the ids are leads; `changed`: how many had another
 * status before.
 */
export interface BulkStatusResult {
  found: number
  changed: number
}

/**
 * POST /api/admin/leads/bulk-erase `{ ids }`: erases each lead of `ids` as
 * DELETE /leads/:id does, one `lead.erase` audit entry each; answers
 * ErasureResult with how many there were.
 */
export const BULK_ERASE_PATH = '/leads/bulk-erase'

/**
 * POST /api/admin/leads/bulk-not-spam `{ ids }`: each spam entry of `ids`
 * becomes a lead as POST /leads/:id/not-spam makes one (announced, audited);
 * ids that are no spam are left as they are. Answers `{ moved }`.
 */
export const BULK_NOT_SPAM_PATH = '/leads/bulk-not-spam'
export interface BulkNotSpamResult {
  moved: number
}
export const BULK_STATUS_PATH = '/leads/bulk-status'

/**
 * GET /api/admin/leads/export?format=csv|json plus the list's filters: every
 * lead of the filter, not one page, newest first, as an attachment
 * (leads-YYYY-MM-DD.csv, or spam-… for view=spam). The columns are those of
 * `npm run export`, then status and source.
 */
export const EXPORT_FORMATS = ['csv', 'json'] as const
