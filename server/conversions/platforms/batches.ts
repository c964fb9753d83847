import type { ConversionResult } from './types.ts'

/** Events a request may carry: Meta 1,000, Google 2,000 (their documented limits), TikTok 1,000 as Meta. */
export const BATCH_LIMITS = { meta: 1_000, google: 2_000, tiktok: 1_000 } as const

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size))
  return out
}

/** One result per event, or one for the whole batch when the platform refused it for an event it does not name. */
export type BatchAnswer = { results: ConversionResult[] } | { refusedWhole: ConversionResult }

/**
 * Meta and TikTok refuse a whole request for one bad event without saying
 * which: the halves are sent again until the bad event is alone, so the others
 * are not failed with it. Each event keeps its id, so nothing is counted twice.
 */
export async function narrowed<T>(
  batch: readonly T[],
  send: (events: readonly T[]) => Promise<BatchAnswer>,
): Promise<ConversionResult[]> {
  const answer = await send(batch)
  if ('results' in answer) return answer.results
  if (batch.length === 1) return [answer.refusedWhole]
  const middle = Math.ceil(batch.length / 2)
  return [...(await narrowed(batch.slice(0, middle), send)), ...(await narrowed(batch.slice(middle), send))]
}

/** The same result for every event of a batch. */
export const every = (count: number, result: ConversionResult): ConversionResult[] =>
  Array.from({ length: count }, () => result)

/**
 * Results in the events' order: each event `check` settles (skipped, expired)
 * is not sent; the rest go to `send` in batches of `size`, one after another.
 */
export async function sendInBatches<T>(
  events: readonly T[],
  size: number,
  check: (event: T) => ConversionResult | undefined,
  send: (batch: readonly T[]) => Promise<ConversionResult[]>,
): Promise<ConversionResult[]> {
  const results: (ConversionResult | undefined)[] = events.map(check)
  const pending = events.flatMap((event, index) => (results[index] === undefined ? [{ event, index }] : []))
  for (const batch of chunks(pending, size)) {
    const answers = await send(batch.map(({ event }) => event))
    batch.forEach(({ index }, at) => (results[index] = answers[at]))
  }
  return results.map((result) => result ?? { status: 'failed', reason: 'no answer was read for this event' })
}
