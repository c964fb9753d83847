import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { PostgrestError } from '../rest/postgrest-error.ts'

const WINDOW_MS = 60_000

/**
 * Counts requests per client IP (IPv6 per /64) over a minute, in this process's
 * memory. `request.ip` follows Fastify's trustProxy, so X-Forwarded-For counts
 * only when the operator said a proxy sets it. Limits only routes that opt in
 * with `config: RATE_LIMITED`; registers nothing when `perMinute` is 0.
 */
export function registerRateLimit(app: FastifyInstance, perMinute: number) {
  if (perMinute === 0) return undefined
  return app.register(fastifyRateLimit, {
    global: false,
    max: perMinute,
    timeWindow: WINDOW_MS,
    // The plugin has already set Retry-After and the X-RateLimit-* headers.
    errorResponseBuilder: (_request, { ttl }) =>
      new PostgrestError(
        429,
        // PostgreSQL's configuration_limit_exceeded: PostgREST has no code of its own for this.
        '53400',
        'Too many requests',
        `At most ${perMinute} per minute from one address.`,
        `Try again in ${Math.max(1, Math.ceil(ttl / 1000))} seconds.`,
      ),
  })
}

/** Route config that puts a route under the limit registered above. */
export const RATE_LIMITED = { rateLimit: {} }
