/**
 * The waits after each failed attempt: quick at first (a rate limit, a blip),
 * then stretched over two days, since a conversion is worth sending late
 * (Meta refuses events older than 7 days; the sender says so as "expired").
 * After the last, the row has failed.
 */
export const CONVERSION_RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
]

/**
 * When attempt `attempts + 1` may run: the schedule's wait (up to 20 % either
 * way, so rows that failed together spread out) or the platform's own earliest
 * time, whichever is later. Undefined once the schedule is spent.
 */
export function nextAttemptAt(
  attempts: number,
  now: Date,
  notBefore: Date | undefined,
  delays: readonly number[] = CONVERSION_RETRY_DELAYS_MS,
  random: () => number = Math.random,
): Date | undefined {
  if (attempts > delays.length) return undefined
  const base = delays[Math.max(attempts, 1) - 1] ?? 0
  const scheduled = now.getTime() + Math.round(base * (0.8 + 0.4 * random()))
  return new Date(Math.max(scheduled, notBefore?.getTime() ?? 0))
}
