/**
 * Owners (common/admin-api.ts says where the API lives): the teammate who
 * works a lead, and the teammates who receive new leads in turn. Free of zod,
 * like admin-api.ts; admin-api-schema.ts validates the requests.
 */

/** A lead's owner as the list, the board and the lead's page show it. */
export interface LeadOwner {
  id: number
  email: string
}

/** GET /api/admin/leads?owner=…: `mine`, the signed-in account's leads; `none`, the unassigned. */
export const OWNER_FILTERS = ['mine', 'none'] as const
export type OwnerFilter = (typeof OWNER_FILTERS)[number]

/**
 * PUT /api/admin/leads/:id/owner `{ owner }`: the account id, or null for
 * nobody. Answers the LeadDetail; 400 when `owner` is no teammate's, 404 for an
 * unknown lead. The change is recorded in the lead's history (LeadOwnerChange).
 */
export const leadOwnerPath = (id: number) => `/leads/${id}/owner`

/**
 * POST /api/admin/leads/bulk-owner `{ ids, owner }`: each lead of `ids` gets
 * `owner`, as PUT /leads/:id/owner gives one. `found`: how many of the ids are
 * leads; `changed`: how many had another owner before.
 */
export const BULK_OWNER_PATH = '/leads/bulk-owner'
export interface BulkOwnerResult {
  found: number
  changed: number
}

/**
 * POST /api/admin/leads/:id/touched `{ via }`: someone tapped the lead's call
 * or email link. The lead is no longer new to anybody. 204, 404 for an
 * unknown lead.
 */
export const leadTouchedPath = (id: number) => `/leads/${id}/touched`
export const TOUCH_VIAS = ['call', 'email'] as const
export type TouchVia = (typeof TOUCH_VIAS)[number]

/** One change of a lead's owner: to whom (null: nobody), by whom, when. */
export interface LeadOwnerChange {
  owner: string | null
  author: string
  at: string
}

/**
 * PUT /api/admin/teammates/:id/new-leads `{ takesNewLeads }`, owner only (403
 * for a member): whether the teammate receives new leads in turn. With nobody
 * chosen new leads stay unassigned. 204; 404 for an unknown teammate.
 */
export const teammateNewLeadsPath = (id: number) => `/teammates/${id}/new-leads`
