/**
 * What the inbox's API says for a lead's own page, beyond its LeadDetail
 * (admin-api.ts). Kept free of zod, like admin-api.ts.
 */

/**
 * GET /api/admin/leads/:id/neighbours plus the list's filters (the same
 * query as GET /api/admin/leads, its cursor ignored): the ids of the leads
 * just above and just below this one in the list those filters show, in the
 * list's order; null at either end. The lead need not match the filters
 * itself (its status may have changed since): its place is taken from its
 * own time and id. 400 for a filter the list would refuse, 404 for an
 * unknown lead.
 */
export interface LeadNeighbours {
  /** The lead above this one: newer, in the list's order. */
  previous: number | null
  /** The lead below this one: older. */
  next: number | null
}
