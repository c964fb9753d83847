import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

/**
 * `__Host-`: the browser only keeps it if it is Secure, has Path=/ and no
 * Domain, so no subdomain and no plain-HTTP page can set or overwrite it.
 */
export const SESSION_COOKIE = '__Host-admin-session'

/** A session ends after this long without a request. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60

export const sessionCookieOptions = {
  path: '/',
  secure: true,
  httpOnly: true,
  sameSite: 'strict',
} as const

export interface SessionAccount {
  accountId: number
  email: string
  csrfToken: string
  totpEnabled: boolean
}

// 32 random bytes: nobody guesses one, and the database keeps only their digest.
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/

const digest = (id: string) => createHash('sha256').update(id).digest()

/** A new session for the account; its id is for the cookie and is stored nowhere. */
export async function createSession(db: Queryable, accountId: number): Promise<{ id: string; csrfToken: string }> {
  const id = randomBytes(32).toString('base64url')
  const csrfToken = randomBytes(32).toString('base64url')
  await db.query('INSERT INTO admin_sessions (id_hash, account_id, csrf_token) VALUES ($1, $2, $3)', [
    digest(id),
    accountId,
    csrfToken,
  ])
  return { id, csrfToken }
}

// Checking and touching in one statement: two requests at once both see the
// session, and one that arrives after the idle limit never revives it. The
// lifetime counts from sign-in: a stolen cookie kept busy still dies with it.
// A session past it is no longer touched, so deleteIdleSessions takes it 12 hours on.
const TOUCH = `WITH touched AS (
  UPDATE admin_sessions SET last_seen_at = now()
  WHERE id_hash = $1 AND last_seen_at > now() - $2::int * interval '1 second'
    AND created_at > now() - $3::int * interval '1 day'
  RETURNING account_id, csrf_token
)
SELECT a.id AS account_id, a.email, t.csrf_token, a.totp_enabled_at IS NOT NULL AS totp_enabled
FROM touched t JOIN admin_accounts a ON a.id = t.account_id`

/**
 * The signed-in account of a cookie's session id, which counts as its use;
 * undefined for none, an ended or an idle one, or one signed in more than
 * `maxDays` days ago (ADMIN_SESSION_MAX_DAYS).
 */
export async function findSession(
  db: Queryable,
  id: string | undefined,
  maxDays: number,
): Promise<SessionAccount | undefined> {
  if (id === undefined || !SESSION_ID.test(id)) return undefined
  const [row] = await db.query<{
    account_id: string | number
    email: string
    csrf_token: string
    totp_enabled: boolean
  }>(TOUCH, [digest(id), SESSION_IDLE_SECONDS, maxDays], { prepare: true })
  if (!row) return undefined
  return {
    accountId: Number(row.account_id),
    email: row.email,
    csrfToken: row.csrf_token,
    totpEnabled: row.totp_enabled,
  }
}

export async function endSession(db: Queryable, id: string | undefined): Promise<void> {
  if (id === undefined || !SESSION_ID.test(id)) return
  await db.query('DELETE FROM admin_sessions WHERE id_hash = $1', [digest(id)])
}

/** Ends every session of an account but the one with id `keep`, if given. */
export async function endAccountSessions(db: Queryable, accountId: number, keep?: string): Promise<number> {
  const rows = await db.query(
    'DELETE FROM admin_sessions WHERE account_id = $1 AND ($2::bytea IS NULL OR id_hash <> $2) RETURNING 1',
    [accountId, keep === undefined ? null : digest(keep)],
  )
  return rows.length
}

/** Deletes the sessions nobody can use any more; they would otherwise stay until their account goes. */
export async function deleteIdleSessions(db: Queryable): Promise<void> {
  await db.query("DELETE FROM admin_sessions WHERE last_seen_at <= now() - $1::int * interval '1 second'", [
    SESSION_IDLE_SECONDS,
  ])
}
