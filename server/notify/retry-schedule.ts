/**
 * How long to wait after each failed attempt before the next: Standard
 * Webhooks' schedule stretched to a day, so a receiver down for a weekend
 * night still gets its leads. After the last, the delivery has failed.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
]

/** The longest a receiver's Retry-After is obeyed; beyond it, the schedule is. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000

/**
 * The wait before attempt `failedAttempts + 1`, up to 20% either way so that
 * leads that failed together do not all come back together; `retryAfterMs`
 * (the receiver's Retry-After) replaces the schedule when given.
 */
export function retryDelayMs(
  failedAttempts: number,
  retryAfterMs: number | undefined,
  delays: readonly number[] = RETRY_DELAYS_MS,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_RETRY_AFTER_MS)
  const base = delays[Math.min(Math.max(failedAttempts, 1), delays.length) - 1] ?? 0
  return Math.round(base * (0.8 + 0.4 * random()))
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
