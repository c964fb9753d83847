/**
 * How long the page keeps trying to send an application. The visitor watches
 * 'Submitting...' throughout. Every attempt timing out takes 4 × 10 s + 1 + 2 + 4 s,
 * about 47 s; a server that answers each one late with a 503 and the longest
 * Retry-After honoured stretches that to 4 × 10 s + 3 × 10 s = 70 s, kept under 75 s.
 */
export const submissionTiming = {
  /** One attempt that has not been answered by then counts as lost, and is retried. */
  attemptTimeoutMs: 10_000,
  /** Waits before the first, second and third retry of a lost request or a 503. */
  retryDelaysMs: [1_000, 2_000, 4_000],
  /** A longer Retry-After is cut to this: past it, the visitor would give up anyway. */
  maxRetryAfterMs: 10_000,
} as const
