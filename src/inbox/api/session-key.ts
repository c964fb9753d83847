/** The cache key of GET /api/admin/session: the signed-in account, or null for nobody. */
export const SESSION_KEY = ['admin-session'] as const

/** The cache key under which every list and lead is kept. */
export const LEADS_KEY = ['admin-leads'] as const
