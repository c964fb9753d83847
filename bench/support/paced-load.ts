import { percentile } from '../../reliability/support/load.ts'

export interface PacedResult<T> {
  /** When the request was due (performance.now()), whether or not it left on time. */
  dueAt: number
  /** From when it was due to its answer (or its error). */
  ms: number
  value?: T
  error?: unknown
}

export interface PacedLoad<T> {
  perSecond: number
  /** No request is due after this long, whatever `stop` says. */
  maxMs: number
  /** Checked before each request; true ends the run (the requests in flight are awaited). */
  stop: () => boolean
  send: (index: number) => Promise<T>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * An open loop, as wrk2's `-R` (which Debian's wrk lacks): request n is due at
 * start + n / perSecond seconds and leaves then, however the others fare. Its
 * time counts from when it was due, so a request held back by a slow one
 * counts its wait too, rather than the load easing off when the server slows.
 */
export async function pacedLoad<T>({ perSecond, maxMs, stop, send }: PacedLoad<T>): Promise<PacedResult<T>[]> {
  const started = performance.now()
  const results: PacedResult<T>[] = []
  const inFlight = new Set<Promise<void>>()
  for (let index = 0; ; index++) {
    const dueAt = started + (index * 1000) / perSecond
    if (dueAt - started > maxMs) break
    await sleep(dueAt - performance.now())
    if (stop()) break
    const request: Promise<void> = send(index).then(
      (value) => void results.push({ dueAt, ms: performance.now() - dueAt, value }),
      (error: unknown) => void results.push({ dueAt, ms: performance.now() - dueAt, error }),
    )
    inFlight.add(request)
    void request.finally(() => inFlight.delete(request))
  }
  await Promise.all(inFlight)
  return results.sort((a, b) => a.dueAt - b.dueAt)
}

export interface LatencySummary {
  count: number
  p50: number
  p99: number
  max: number
}

/** A span of time [from, to), in performance.now() milliseconds. */
export type Window = readonly [from: number, to: number]

/** True when `at` falls in one of `windows`. */
export const within = (at: number, windows: readonly Window[]) => windows.some(([from, to]) => at >= from && at < to)

/** p50, p99 and the slowest of the results due in any of `windows`. */
export function summarize<T>(results: readonly PacedResult<T>[], windows: readonly Window[]): LatencySummary {
  const times = results.filter((result) => within(result.dueAt, windows)).map((result) => result.ms)
  return {
    count: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.length ? Math.max(...times) : Number.NaN,
  }
}
