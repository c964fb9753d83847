/**
 * The lead inbox's API under /api/admin: where it lives and what every change
 * carries. Each screen's part is a file of its own: session-api.ts (signing in,
 * two-factor), lead-status.ts (the pipeline), lead-list-api.ts, lead-page-api.ts,
 * board-api.ts, funnel-api.ts, erasure-api.ts, account-api.ts, backup-api.ts and the
 * rest; what the server validates requests with is in the *-schema.ts files. Kept
 * free of zod, so the inbox's page does not ship it. Every route needs a session
 * (401 without one); every change also needs the session's CSRF token in the
 * `x-csrf-token` header (403 without it).
 */

export const ADMIN_API_PATH = '/api/admin'
export const ADMIN_PAGE_PATH = '/admin'
export const CSRF_HEADER = 'x-csrf-token'
