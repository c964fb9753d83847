/**
 * The inbox's own accounts under /api/admin, beside admin-api.ts: changing
 * one's password, the teammates an owner adds and removes, and the one-time
 * set-up links those teammates choose their password with. What the server
 * accepts is in account-api-schema.ts.
 *
 * POST /account/password `{ currentPassword, newPassword }`: 204; the
 * account's other sessions end. 400 with the server's message for a wrong
 * current password (counted like a wrong sign-in: 429 past the limit) or a
 * new one `npm run admin -- add` would refuse.
 */
import { ADMIN_PAGE_PATH } from './admin-api.ts'
import type { AdminSession } from './session-api.ts'

/** The first account is the owner: the one who adds and removes the others, the members. */
export const ACCOUNT_ROLES = ['owner', 'member'] as const
export type AccountRole = (typeof ACCOUNT_ROLES)[number]

/** How long a set-up link works, from when the owner adds the teammate. */
export const SETUP_LINK_HOURS = 24

/** The inbox's page a set-up link opens; the token follows in its fragment, which never reaches a server's logs. */
export const SETUP_PAGE_PATH = `${ADMIN_PAGE_PATH}/setup`

export interface Teammate {
  id: number
  email: string
  role: AccountRole
  addedAt: string
  /** `pending`: no password yet, its set-up link still unused. */
  state: 'active' | 'pending'
  /** The account that asked. */
  you: boolean
  /** Receives new leads in turn with the others chosen (common/owner-api.ts). */
  takesNewLeads: boolean
}

/** GET /api/admin/teammates: every account, the owner first; `canManage` for the owner only. */
export interface TeamList {
  canManage: boolean
  teammates: Teammate[]
}

/**
 * POST /api/admin/teammates `{ email }`, owner only (403 for a member): 201
 * with the new account and its set-up token, shown once. The link is
 * `${origin}${SETUP_PAGE_PATH}#${setupToken}`. 409 when the email has an account.
 * DELETE /api/admin/teammates/:id, owner only: 204, their sessions end; 409
 * for the owner's own account.
 */
export interface TeammateAdded {
  teammate: Teammate
  setupToken: string
  expiresAt: string
}

/** Why a set-up link does not work: the `error` of its 4xx answer. */
export const SETUP_LINK_UNKNOWN = 'setup_link_unknown'
export const SETUP_LINK_USED = 'setup_link_used'
export const SETUP_LINK_EXPIRED = 'setup_link_expired'

/** POST /api/admin/setup-link `{ token }` (public): whose account the link sets up. */
export interface SetupLinkInfo {
  email: string
  expiresAt: string
}

/**
 * POST /api/admin/setup-link/password `{ token, password }` (public): the
 * password is set and the link used up. Over a secure connection the teammate
 * is signed in (`session`, with the cookie); otherwise they sign in themselves.
 */
export interface SetupDone {
  email: string
  session: AdminSession | null
}
