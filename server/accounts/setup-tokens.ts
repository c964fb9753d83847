import { createHash, randomBytes } from 'node:crypto'
import { SETUP_LINK_EXPIRED, SETUP_LINK_HOURS, SETUP_LINK_UNKNOWN, SETUP_LINK_USED } from '../../common/account-api.ts'
import type { Queryable, Row } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'

// 32 random bytes: nobody guesses one, and the database keeps only their digest (migrations/014).
const digest = (token: string) => createHash('sha256').update(token).digest()

/** A new set-up link's token for the account, good once for SETUP_LINK_HOURS; it is stored nowhere. */
export async function createSetupToken(db: Queryable, accountId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const [row] = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO admin_setup_tokens (token_hash, account_id, expires_at)
     VALUES ($1, $2, now() + $3::int * interval '1 hour') RETURNING expires_at`,
    [digest(token), accountId, SETUP_LINK_HOURS],
  )
  return { token, expiresAt: new Date(row?.expires_at ?? Date.now()) }
}

interface TokenRow extends Row {
  account_id: number | string
  email: string
  expires_at: Date | string
  used: boolean
  expired: boolean
}

const linkError = (status: number, code: string, message: string) => new ApiError(status, message, { code })

/**
 * The account a link's token sets up, or why it sets up none: unknown, used
 * (or the password was set another way), or past its time.
 */
export async function findSetupToken(
  db: Queryable,
  token: string,
): Promise<{ accountId: number; email: string; expiresAt: Date }> {
  const [row] = await db.query<TokenRow>(
    `SELECT t.account_id, a.email, t.expires_at, t.used_at IS NOT NULL OR a.password_hash IS NOT NULL AS used,
       t.expires_at <= now() AS expired
     FROM admin_setup_tokens t JOIN admin_accounts a ON a.id = t.account_id WHERE t.token_hash = $1`,
    [digest(token)],
  )
  if (!row) {
    throw linkError(
      404,
      SETUP_LINK_UNKNOWN,
      'This set-up link is not valid: check it was copied whole, or ask the owner for a new one.',
    )
  }
  if (row.used)
    throw linkError(410, SETUP_LINK_USED, 'This set-up link was already used: sign in with the password chosen then.')
  if (row.expired) {
    throw linkError(
      410,
      SETUP_LINK_EXPIRED,
      `This set-up link has expired (each works for ${SETUP_LINK_HOURS} hours): ask the owner for a new one.`,
    )
  }
  return { accountId: Number(row.account_id), email: row.email, expiresAt: new Date(row.expires_at) }
}

/**
 * Uses the link up and sets the account's password, in the caller's
 * transaction; throws as findSetupToken does when the link is no good. Two
 * uses at once: the second finds it used.
 */
export async function useSetupToken(
  tx: Queryable,
  token: string,
  passwordHash: string,
): Promise<{ accountId: number; email: string }> {
  const [used] = await tx.query<{ account_id: number | string }>(
    'UPDATE admin_setup_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING account_id',
    [digest(token)],
  )
  const [account] = used
    ? await tx.query<{ email: string }>(
        'UPDATE admin_accounts SET password_hash = $2, password_set_at = now() WHERE id = $1 AND password_hash IS NULL RETURNING email',
        [used.account_id, passwordHash],
      )
    : []
  if (!used || !account) {
    await findSetupToken(tx, token)
    // Found good a moment after it was not: another use is under way.
    throw linkError(410, SETUP_LINK_USED, 'This set-up link was already used: sign in with the password chosen then.')
  }
  return { accountId: Number(used.account_id), email: account.email }
}
