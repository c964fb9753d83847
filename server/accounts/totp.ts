import { Secret, TOTP } from 'otpauth'
import type { Queryable } from '../db/database.ts'

// What every authenticator app reads without asking: SHA-1, six digits, 30 s.
const PERIOD_SECONDS = 30
// One step either side: a phone clock half a minute off still works.
const WINDOW = 1

/** A new key: 160 bits, as RFC 4226 recommends for HMAC-SHA-1. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

const totpFor = (secret: string, email = '', issuer = '') =>
  new TOTP({
    issuer,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  })

/** The otpauth:// URL an authenticator app scans. */
export function totpUrl(secret: string, email: string, issuer: string): string {
  return totpFor(secret, email, issuer).toString()
}

/** The time step a code is right for now, or undefined when it is not right. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? undefined : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta
}

/**
 * Whether `code` is right for the account's key, using it up: the same step
 * (or an earlier one) is refused from then on, even from another instance at
 * the same moment, since the check and the record are one statement.
 */
export async function useTotpCode(db: Queryable, accountId: number, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code)
  if (step === undefined) return false
  const used = await db.query(
    'UPDATE admin_accounts SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1',
    [accountId, step],
  )
  return used.length > 0
}
