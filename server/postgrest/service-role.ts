import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import { DatabaseUnavailableError } from '../db/database.ts'
import type { HitCounter } from '../http/hit-counter.ts'
import { tooManyRequests, unavailable, type PostgrestError } from './postgrest-error.ts'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Recognises requests carrying the service-role key, in `apikey` or as the bearer
 * token, the two places supabase-js puts it. Comparing fixed-length digests with
 * timingSafeEqual keeps the time from revealing how much of a guess was right,
 * or the key's length. Without a key, nobody is the service role.
 */
export function createServiceRoleCheck(serviceRoleKey: string | undefined) {
  if (!serviceRoleKey) return () => false
  const expected = digest(serviceRoleKey)
  const matches = (candidate: string | undefined) =>
    candidate !== undefined && timingSafeEqual(digest(candidate), expected)

  return (headers: IncomingHttpHeaders): boolean => {
    const apikey = headers.apikey
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1]
    // Check both, so the answer takes as long whichever one holds the key.
    const viaApikey = matches(typeof apikey === 'string' ? apikey : undefined)
    const viaBearer = matches(bearer)
    return viaApikey || viaBearer
  }
}

/** Wrong keys one address may try in a window before all its key attempts are refused. */
export const WRONG_KEY_LIMIT = 10
export const WRONG_KEY_WINDOW_MS = 15 * 60_000

export interface ServiceRoleGate {
  /**
   * Whether the request carries the service-role key. With the right key from
   * an address that has used up its wrong guesses, throws 429 instead, so the
   * answer never tells a guesser they found it.
   */
  authenticate(request: FastifyRequest): Promise<boolean>
  /**
   * For a refusal for want of the key (401): counts it against the address and
   * answers 429 once the address is past WRONG_KEY_LIMIT, right key or not.
   */
  refused(request: FastifyRequest, refusal: PostgrestError): Promise<PostgrestError>
}

/**
 * The service-role check with wrong keys throttled per client address (IPv6
 * per /64, as the submission limit), counted in the database so that every
 * instance shares the count. Without a configured key there is nothing to
 * guess and nothing is counted. Fails closed: when the count cannot be read or
 * written, key attempts get 503, as the read they ask for would
 * (docs/decisions/013-shared-rate-limits.md).
 */
export function createServiceRoleGate(serviceRoleKey: string | undefined, counter: HitCounter): ServiceRoleGate {
  const isServiceRole = createServiceRoleCheck(serviceRoleKey)
  const keyOf = (request: FastifyRequest) => `wrong-key ${normalizeIP(request.ip)}`
  return {
    async authenticate(request) {
      if (!isServiceRole(request.headers)) return false
      const { hits, ttlMs } = await counter.peek(keyOf(request)).catch((error: unknown) => {
        throw new DatabaseUnavailableError('the wrong-key count could not be read', { cause: error })
      })
      if (hits >= WRONG_KEY_LIMIT) throw tooManyWrongKeys(ttlMs)
      return true
    },
    async refused(request, refusal) {
      if (!serviceRoleKey) return refusal
      const count = await counter.hit(keyOf(request), WRONG_KEY_WINDOW_MS).catch(() => undefined)
      if (!count) return unavailable()
      return count.hits > WRONG_KEY_LIMIT ? tooManyWrongKeys(count.ttlMs) : refusal
    },
  }
}

function tooManyWrongKeys(ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
  return tooManyRequests(
    `At most ${WRONG_KEY_LIMIT} wrong keys in ${WRONG_KEY_WINDOW_MS / 60_000} minutes from one address.`,
    seconds,
    {
      'retry-after': String(seconds),
    },
  )
}
