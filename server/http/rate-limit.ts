import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { HitCounter } from './hit-counter.ts'

const WINDOW_MS = 60_000

export interface RateLimitOptions {
  /** Requests per client address per minute; 0 registers nothing. */
  perMinute: number
  /**
   * The count in the database, shared by every instance, or a memory counter
   * several registrations share; without, this process's memory, apart for each.
   */
  shared?: HitCounter | undefined
  /**
   * With `shared`: one count per address for every route this registration
   * limits, and for any other registration with the same scope and counter.
   * Without, each route (method and URL) counts on its own.
   */
  scope?: string | undefined
  /**
   * The error a request over the limit is refused with, in the answer shape of
   * the scope it guards; the plugin has already set Retry-After and the X-RateLimit-* headers.
   */
  refusal: (retryInSeconds: number) => Error
}

/**
 * Counts requests per client IP (IPv6 per /64) over a minute. `request.ip`
 * follows Fastify's trustProxy, so X-Forwarded-For counts only when the
 * operator said which proxies set it. Limits only routes that opt in with
 * `config: RATE_LIMITED`; registers nothing when `perMinute` is 0.
 *
 * With `shared` (PostgreSQL), the count lives in the database, so N instances
 * together allow `perMinute`, not N times it; without, in this process's
 * memory (the embedded database has one process). A shared count that cannot
 * be reached lets the submission through: it is then stored, or refused with
 * 503 by the database itself, but never lost to the limiter
 * (docs/decisions/013-shared-rate-limits.md).
 */
export function registerRateLimit(app: FastifyInstance, { perMinute, shared, scope, refusal }: RateLimitOptions) {
  if (perMinute === 0) return undefined
  return app.register(fastifyRateLimit, {
    global: false,
    max: perMinute,
    timeWindow: WINDOW_MS,
    ...(shared
      ? {
          store: sharedStore(shared, scope, (error) =>
            app.log.warn({ err: error }, 'rate limit not counted: the database did not answer'),
          ),
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, { ttl }) => refusal(Math.max(1, Math.ceil(ttl / 1000))),
  })
}

/** Route config that puts a route under the limit registered above. */
export const RATE_LIMITED = { rateLimit: {} }

/** @fastify/rate-limit's store interface over a counter: one key space per route, or one for the whole scope. */
function sharedStore(
  counter: HitCounter,
  scope: string | undefined,
  onError: (error: unknown) => void,
): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: unknown) => {
          onError(error)
          callback(error instanceof Error ? error : new Error(String(error)))
        },
      )
    }

    // The plugin passes the route's merged limit options, with the route under
    // `routeInfo` (as its own Redis store reads it), not what its types declare.
    child(options: object) {
      if (scope !== undefined) return new SharedStore(undefined, `${scope} `)
      const { method, url } = (options as { routeInfo: { method: string | string[]; url: string } }).routeInfo
      return new SharedStore(undefined, `${[method].flat().join(',')} ${url} `)
    }
  }
}
