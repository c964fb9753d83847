/**
 * The inbox's "New" marker and its live reading (docs/decisions/030-live-inbox.md),
 * beside admin-api.ts. A lead is new to an account until that account opens
 * its page; leads received before the account existed never are.
 */

/** How often an open inbox reads its lists, board, lead and count again while its tab is visible. */
export const LIVE_POLL_MS = 3000

/**
 * GET /api/admin/leads/new-count: how many leads the signed-in account has not
 * opened, counted up to NEW_COUNT_CAP (so the count costs the same at any size):
 * NEW_COUNT_CAP means that many or more.
 */
export interface NewLeadCount {
  count: number
}
export const NEW_COUNT_CAP = 100

/**
 * POST /api/admin/leads/:id/opened (no body, the CSRF token as for any change):
 * the signed-in account has opened the lead's page, so it is no longer new to
 * it. 204, also when it was not new; 404 for an unknown lead.
 */
export const OPENED_PATH = (id: number) => `/leads/${id}/opened`
