/**
 * Signing in to the inbox (common/admin-api.ts has where its API lives):
 * sessions, the sign-in page's set-up, passwords and two-factor sign-in. Free of
 * zod, like admin-api.ts.
 */

/** A password an account may have. */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 1024

/**
 * The answer to a sign-in that needs a second factor and had none (or a wrong
 * one), 401 like a wrong password: `{ error: 'totp_required' }`.
 */
export const TOTP_REQUIRED = 'totp_required'

/** GET /api/admin/session (and the answer to a sign-in): who is signed in, and the token for changes. */
export interface AdminSession {
  email: string
  csrfToken: string
  totpEnabled: boolean
  /** TIMEZONE: the agency's IANA zone, in which the inbox counts days and shows every time. */
  timeZone: string
}

/**
 * GET /api/admin/setup: what the sign-in page needs to know before anyone
 * signs in. `secureTransport` is false when the request came over plain HTTP
 * from a host other than this machine (localhost, 127.0.0.1, [::1]): the
 * browser would drop the Secure session cookie, so signing in cannot work until
 * the inbox is reached over HTTPS, directly or through a proxy that
 * TRUST_PROXY names. A sign-in over such a connection is refused with 403
 * `{ error: 'insecure_transport' }`.
 */
export interface AdminSetup {
  secureTransport: boolean
}
export const INSECURE_TRANSPORT = 'insecure_transport'

// ---- Two-factor sign-in (TOTP) ---------------------------------------------

/**
 * POST /api/admin/totp/setup (no body): a new key for the account, not yet in
 * use. `secret` is the key in base32 for typing in by hand, `qrSvg` the same
 * otpauth:// URL as an SVG QR code, made on the server. 409 when two-factor
 * sign-in is already on.
 */
export interface TotpSetup {
  secret: string
  otpauthUrl: string
  qrSvg: string
}

/** The answer to enabling: the backup codes, shown once; each signs in once in place of a TOTP code. */
export const BACKUP_CODE_COUNT = 10
export interface TotpEnabled {
  backupCodes: string[]
}
