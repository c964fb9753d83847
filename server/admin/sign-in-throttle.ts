import { createHash } from 'node:crypto'
import { normalizeIP } from '@fastify/rate-limit'
import type { Database } from '../db/database.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { databaseHitCounter } from '../db/hit-counter.ts'
import { AdminError } from './admin-error.ts'

export interface SignInLimits {
  /** Failed sign-ins for one email, from anywhere, before its sign-ins are refused for the rest of the window. */
  perAccount: number
  /** Failed sign-ins from one address (IPv6 per /64), for any email. */
  perAddress: number
  windowMs: number
}

/**
 * Per account, a guesser spread over many addresses still gets ten tries a
 * quarter of an hour; per address, one guesser trying many emails gets thirty.
 * The price: someone who knows an inbox email can keep it locked out while they
 * keep guessing (docs/decisions/019-admin-sessions.md).
 */
export const SIGN_IN_LIMITS: SignInLimits = { perAccount: 10, perAddress: 30, windowMs: 15 * 60_000 }

export interface SignInThrottle {
  /** Throws 429 while the email or the address is past its limit, whatever the password. */
  check(email: string, ip: string): Promise<void>
  /** Counts a failed sign-in against both. */
  failed(email: string, ip: string): Promise<void>
  /** A right password ends the account's count (not the address's, which an attacker with an account could reset). */
  succeeded(email: string): Promise<void>
}

// The key column holds 200 characters; an email may have 320.
const accountKey = (email: string) => `admin-sign-in account ${createHash('sha256').update(email).digest('hex')}`
const addressKey = (ip: string) => `admin-sign-in address ${normalizeIP(ip)}`

/**
 * Counted in the database the submission limit uses (migrations/004), so every
 * instance shares the count. Fails closed: when it cannot be read or written,
 * sign-in is refused with 503 rather than left unthrottled.
 */
export function createSignInThrottle(db: Database, limits: SignInLimits = SIGN_IN_LIMITS): SignInThrottle {
  const counter = databaseHitCounter(db)
  const unavailable = (error: unknown) => {
    throw new DatabaseUnavailableError('the sign-in count could not be read or written', { cause: error })
  }
  return {
    async check(email, ip) {
      const [account, address] = await Promise.all([counter.peek(accountKey(email)), counter.peek(addressKey(ip))]).catch(unavailable)
      const over = [account.hits >= limits.perAccount ? account.ttlMs : 0, address.hits >= limits.perAddress ? address.ttlMs : 0]
      const waitMs = Math.max(...over)
      if (account.hits < limits.perAccount && address.hits < limits.perAddress) return
      const seconds = Math.max(1, Math.ceil(waitMs / 1000))
      throw new AdminError(
        429,
        `Too many failed sign-ins: try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
        undefined,
        { 'retry-after': String(seconds) },
      )
    },
    async failed(email, ip) {
      await Promise.all([counter.hit(accountKey(email), limits.windowMs), counter.hit(addressKey(ip), limits.windowMs)]).catch(unavailable)
    },
    async succeeded(email) {
      await db.query('DELETE FROM rate_limit_hits WHERE key = $1', [accountKey(email)])
    },
  }
}
