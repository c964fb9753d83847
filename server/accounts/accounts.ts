import { recordAudit } from '../db/audit.ts'
import type { Database, Queryable } from '../db/database.ts'
import { isPostgresError } from '../db/database.ts'
import { hashPassword, passwordProblem } from './passwords.ts'

/** A request the operator can fix: an unknown or duplicate account, a short password. */
export class AccountError extends Error {
  override name = 'AccountError'
}

/** How every email is kept and looked up: accounts are the same whatever the case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

// Enough to catch a typo or a swapped argument; nobody sends mail to it.
const EMAIL = /^[^\s@]+@[^\s@]+$/

export interface AccountSummary {
  email: string
  createdAt: Date
  totpEnabled: boolean
  sessions: number
  role: 'owner' | 'member'
  /** Added in the inbox, its set-up link not used yet. */
  pending: boolean
}

// The command line acts for the operator, who has no account of their own there.
const COMMAND_LINE = 'command line'

function checkPassword(password: string) {
  const problem = passwordProblem(password)
  if (problem) throw new AccountError(problem)
}

/** The email as kept, or AccountError when it is none. */
export function checkEmail(email: string): string {
  const address = normalizeEmail(email)
  if (!EMAIL.test(address) || address.length > 320)
    throw new AccountError(`${JSON.stringify(email)} is not an email address.`)
  return address
}

/** The first account added is the owner (migrations/014), and so is one added when the owner was removed. */
export async function addAccount(db: Database, email: string, password: string): Promise<string> {
  const address = checkEmail(email)
  checkPassword(password)
  const passwordHash = await hashPassword(password)
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO admin_accounts (email, password_hash, role)
         VALUES ($1, $2, CASE WHEN EXISTS (SELECT 1 FROM admin_accounts WHERE role = 'owner') THEN 'member' ELSE 'owner' END)`,
        [address, passwordHash],
      )
      await recordAudit(tx, { actor: COMMAND_LINE, action: 'account.add', detail: { email: address } })
    })
  } catch (error) {
    if (isPostgresError(error) && error.code === '23505')
      throw new AccountError(`There is already an account for ${address}.`)
    throw error
  }
  return address
}

export async function listAccounts(db: Queryable): Promise<AccountSummary[]> {
  const rows = await db.query<{
    email: string
    created_at: Date | string
    totp_enabled: boolean
    sessions: number | string
    role: 'owner' | 'member'
    pending: boolean
  }>(
    `SELECT a.email, a.created_at, a.totp_enabled_at IS NOT NULL AS totp_enabled, a.role, a.password_hash IS NULL AS pending,
       (SELECT count(*) FROM admin_sessions s WHERE s.account_id = a.id) AS sessions
     FROM admin_accounts a ORDER BY a.email`,
  )
  return rows.map((row) => ({
    email: row.email,
    createdAt: new Date(row.created_at),
    totpEnabled: row.totp_enabled,
    sessions: Number(row.sessions),
    role: row.role,
    pending: row.pending,
  }))
}

/**
 * Removes the account; its sessions end with it (the foreign key cascades).
 * When it was the owner, the oldest account with a password becomes the owner.
 */
export async function removeAccount(db: Database, email: string): Promise<string> {
  const address = normalizeEmail(email)
  await db.transaction(async (tx) => {
    const [removed] = await tx.query<{ role: string }>('DELETE FROM admin_accounts WHERE email = $1 RETURNING role', [
      address,
    ])
    if (!removed) throw unknownAccount(address)
    if (removed.role === 'owner') {
      await tx.query(`UPDATE admin_accounts SET role = 'owner'
        WHERE id = (SELECT id FROM admin_accounts ORDER BY password_hash IS NULL, created_at, id LIMIT 1)`)
    }
    await recordAudit(tx, { actor: COMMAND_LINE, action: 'account.remove', detail: { email: address } })
  })
  return address
}

/** Sets a new password and ends every session of the account: whoever had the old one is signed out. */
export async function resetPassword(
  db: Database,
  email: string,
  password: string,
): Promise<{ email: string; sessionsEnded: number }> {
  const address = normalizeEmail(email)
  checkPassword(password)
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [account] = await tx.query<{ id: number | string }>(
      'UPDATE admin_accounts SET password_hash = $2, password_set_at = now() WHERE email = $1 RETURNING id',
      [address, passwordHash],
    )
    if (!account) throw unknownAccount(address)
    // A set-up link still waiting would set the password again.
    await tx.query('UPDATE admin_setup_tokens SET used_at = now() WHERE account_id = $1 AND used_at IS NULL', [
      account.id,
    ])
    const ended = await tx.query('DELETE FROM admin_sessions WHERE account_id = $1 RETURNING 1', [account.id])
    await recordAudit(tx, {
      actor: COMMAND_LINE,
      action: 'account.reset-password',
      detail: { email: address, sessionsEnded: ended.length },
    })
    return { email: address, sessionsEnded: ended.length }
  })
}

/** Whether the account exists, for a command that must not ask for a password in vain. */
export async function accountExists(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM admin_accounts WHERE email = $1', [normalizeEmail(email)])
  return rows.length > 0
}

function unknownAccount(address: string) {
  return new AccountError(`There is no account for ${address}.`)
}
