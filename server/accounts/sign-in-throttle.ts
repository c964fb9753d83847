import { createHash } from 'node:crypto'
import { normalizeIP } from '@fastify/rate-limit'
import type { Database } from '../db/database.ts'
import { DatabaseUnavailableError } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { databaseHitCounter, type HitCount } from '../http/hit-counter.ts'

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
  /**
   * Counts a sign-in against the email and the address before the password is
   * checked, so guesses sent in one burst are counted as they arrive, not once
   * they have all been checked. Throws 429 past either limit, whatever the password.
   */
  attempt(email: string, ip: string): Promise<void>
  /**
   * Takes back an attempt that guessed nothing wrong: a right password, or
   * one still waiting for its second factor. A right sign-in also ends the
   * email's count, but only takes its own attempt off the address's count,
   * which an attacker with an account of their own could otherwise reset.
   */
  refund(email: string, ip: string, outcome: 'signed-in' | 'code-missing'): Promise<void>
  /** For a signed-in account's own checks (two-factor changes): throws 429 while the email or the address is past its limit. */
  check(email: string, ip: string): Promise<void>
  /** Counts a wrong code or password given while signed in against both. */
  failed(email: string, ip: string): Promise<void>
}

// The key column holds 200 characters; an email may have 320.
const accountKey = (email: string) => `admin-sign-in account ${createHash('sha256').update(email).digest('hex')}`
const addressKey = (ip: string) => `admin-sign-in address ${normalizeIP(ip)}`

const TAKE_BACK = 'UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1'

/**
 * Counted in the database the submission limit uses (migrations/004), so every
 * instance shares the count. Fails closed: when it cannot be read or written,
 * sign-in is refused with 503 rather than left unthrottled.
 */
export function createSignInThrottle(db: Database, limits: SignInLimits = SIGN_IN_LIMITS): SignInThrottle {
  const counter = databaseHitCounter(db)
  const unavailable = (error: unknown): never => {
    throw new DatabaseUnavailableError('the sign-in count could not be read or written', { cause: error })
  }
  // Refuses when a count is past `allowed(limit)`; says how long until the last window that refuses ends.
  const refuseOver = (account: HitCount, address: HitCount, allowed: (limit: number) => number) => {
    const refusing = [
      { count: account, limit: limits.perAccount },
      { count: address, limit: limits.perAddress },
    ].filter(({ count, limit }) => count.hits > allowed(limit))
    if (refusing.length === 0) return
    const seconds = Math.max(1, Math.ceil(Math.max(...refusing.map(({ count }) => count.ttlMs)) / 1000))
    throw new ApiError(
      429,
      `Too many failed sign-ins: try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
      {
        headers: { 'retry-after': String(seconds) },
      },
    )
  }
  const hitBoth = (email: string, ip: string) =>
    Promise.all([counter.hit(accountKey(email), limits.windowMs), counter.hit(addressKey(ip), limits.windowMs)]).catch(
      unavailable,
    )

  return {
    async attempt(email, ip) {
      const [account, address] = await hitBoth(email, ip)
      // Counted already, this attempt is refused once the ones before it reached the limit.
      refuseOver(account, address, (limit) => limit)
    },
    async refund(email, ip, outcome) {
      await Promise.all([
        outcome === 'signed-in'
          ? db.query('DELETE FROM rate_limit_hits WHERE key = $1', [accountKey(email)])
          : db.query(TAKE_BACK, [accountKey(email)]),
        db.query(TAKE_BACK, [addressKey(ip)]),
      ])
    },
    async check(email, ip) {
      const [account, address] = await Promise.all([
        counter.peek(accountKey(email)),
        counter.peek(addressKey(ip)),
      ]).catch(unavailable)
      // Not counted yet: refused if counting it would be refused.
      refuseOver(account, address, (limit) => limit - 1)
    },
    async failed(email, ip) {
      await hitBoth(email, ip)
    },
  }
}
