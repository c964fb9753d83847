import { randomBytes } from 'node:crypto'
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/session-api.ts'

// OWASP's first argon2id setting (19 MiB, 2 passes, 1 lane): tens of
// milliseconds here, which also bounds what a burst of sign-ins can cost.
// Algorithm is a const enum, which isolatedModules cannot read at run time: 2 is Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

// A password typed on a phone and on a laptop may reach us in different
// Unicode forms; one form makes them the same password.
const normalized = (password: string) => password.normalize('NFC')

/** Why a new password cannot be used, or undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  const length = [...normalized(password)].length
  if (length < PASSWORD_MIN_LENGTH)
    return `A password needs at least ${PASSWORD_MIN_LENGTH} characters (this one has ${length}).`
  if (length > PASSWORD_MAX_LENGTH) return `A password may have at most ${PASSWORD_MAX_LENGTH} characters.`
  return undefined
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalized(password), OPTIONS)
}

let verifications = 0

/** How many argon2 verifications this process has run: lets a test see that a sign-in did the work, without timing it. */
export const argon2Verifications = () => verifications

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications += 1
  return verify(passwordHash, normalized(password)).catch(() => false)
}

let dummy: Promise<string> | undefined

/**
 * Checks a password against a hash nobody's password matches, with the same
 * parameters as a real one: a sign-in for an unknown email does the same work
 * as one for a known email, so its answer comes no sooner.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(32).toString('base64url'))
  await verifyPassword(await dummy, password)
  return false
}
