import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

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
