/**
 * Duplicates and merging, for the inbox's API (docs/inbox.md, "Duplicates").
 * Free of zod, like admin-api.ts; merge-api-schema.ts validates the request.
 */

/**
 * Two leads are duplicates when they share an email (case ignored) or a phone
 * (its digits, seven or more) and were stored at most this many days apart.
 */
export const DUPLICATE_WINDOW_DAYS = 90

/**
 * POST /api/admin/leads/:id/merge `{ with }`: merges lead `id` and lead `with`
 * into one. The older survives (the first to apply); the newer's answers are
 * kept as its history (LeadDetail.mergedApplications), its bookings, notes,
 * status history and deliveries move to it, and the newer is gone from every
 * list. Either lead may be named first. 400 for a lead merged with itself, 404
 * for an unknown one, 409 for spam, a lead already merged, or two leads
 * sharing neither email nor phone.
 */
export const mergePath = (id: number) => `/leads/${id}/merge`

export interface LeadMergeResult {
  survivorId: number
  mergedId: number
}
