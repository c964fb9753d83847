/**
 * The funnel's events, written once: the page sends them (src/features/analytics/),
 * the server validates them (analytics-schema.ts), stores and rolls them up, and
 * the inbox's Funnel screen reads them back. Kept free of imports, so the page's
 * sender stays within its 2 KB without the schema library.
 */

/** Where the page posts its batches: the same origin as applications. */
export const EVENTS_PATH = '/api/events'

/**
 * Where a page built with VITE_API_URL sends them instead: a PostgREST insert
 * into the events table, one row per event, which Supabase takes (anon may
 * insert, nothing more) and this server takes too, for a page on another origin.
 */
export const EVENTS_TABLE_PATH = '/rest/v1/page_events'

/** The events, in the funnel's order where they are gates of it. */
export const EVENT_TYPES = [
  'page_view',
  'results_viewed',
  'results_navigated',
  'countdown_finished',
  'apply_clicked',
  'step_viewed',
  'step_completed',
  'submit_succeeded',
  'submit_failed',
  'booking_opened',
  'booking_link_clicked',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** The events that carry a `step`: the wizard's question, 1-based. */
export const STEP_EVENTS: readonly EventType[] = ['step_viewed', 'step_completed']

/** A batch's limits: the body in bytes (UTF-8), and its events. */
export const MAX_BATCH_BYTES = 8 * 1024
export const MAX_BATCH_EVENTS = 50

/** A batch's `path`: the page's path, starting with `/`, without its query or fragment. */
export const MAX_PATH_LENGTH = 200
/** A batch's `source`, in UTF-16 code units. */
export const MAX_SOURCE_LENGTH = 100

/**
 * One batch, as the page sends it (`text/plain`, JSON inside, so no preflight):
 * the path it was sent from, the visit's source (last-touch utm_source, else
 * the external referrer's host; absent when direct) and the events in the
 * order they happened. No identifier of the visitor is ever in it: the server
 * counts visitors by a hash it makes of a daily salt, the address, the
 * User-Agent and the site, and keeps neither the address nor the salt past 48 h.
 */
export interface EventBatch {
  path: string
  source?: string
  events: { type: EventType; step?: number; submission_id?: string }[]
}

/**
 * The events that may name the application whose booking page was opened, by
 * its submission_id: the visitor's own application, so the lead can show when
 * its booking page was opened. The only identifier a batch may carry.
 */
export const BOOKING_PAGE_EVENTS: readonly EventType[] = ['booking_opened', 'booking_link_clicked']
