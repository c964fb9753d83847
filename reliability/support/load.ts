export interface LoadOptions<T> {
  /** How many jobs in all; the run never does more. */
  total: number
  /** How many jobs run at once. */
  concurrency: number
  /** The run stops starting jobs after this long, done or not. */
  maxMs: number
  job: (index: number) => Promise<T>
  /** Checked before each job starts; true stops the run early. */
  stop?: () => boolean
}

export interface LoadResult<T> {
  results: { index: number; value?: T; error?: unknown }[]
  elapsedMs: number
}

/** Runs `job` up to `total` times with `concurrency` in flight, bounded in count and time. */
export async function runLoad<T>({ total, concurrency, maxMs, job, stop }: LoadOptions<T>): Promise<LoadResult<T>> {
  const started = performance.now()
  const results: LoadResult<T>['results'] = []
  let next = 0
  const worker = async () => {
    while (next < total && performance.now() - started < maxMs && !stop?.()) {
      const index = next++
      try {
        results.push({ index, value: await job(index) })
      } catch (error) {
        results.push({ index, error })
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { results, elapsedMs: performance.now() - started }
}

/** How many items fall under each key, e.g. answers by status: { '201': 4990, '503': 10 }. */
export function countBy<T>(items: readonly T[], key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) {
    const name = String(key(item))
    counts[name] = (counts[name] ?? 0) + 1
  }
  return counts
}

/** p-th percentile (0–100) of the numbers, nearest rank. */
export function percentile(values: number[], p: number) {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
