import { STEP_COUNT } from '../../common/analytics-schema.ts'
import type { Queryable } from '../db/database.ts'

/** The funnel's events in the page's order, as a visit sends them: each batch walks this list. */
const GATES: [string, number | null][] = [
  ['page_view', null],
  ['results_viewed', null],
  ['results_navigated', null],
  ['countdown_finished', null],
  ['apply_clicked', null],
  ...Array.from({ length: STEP_COUNT }, (_, index): [string, number][] => [
    ['step_viewed', index + 1],
    ['step_completed', index + 1],
  ]).flat(),
  ['submit_failed', null],
]

/** The made-up source of batch `batch`, as the seeder names it. */
export const madeUpSource = (batch: number) => `made-up-${batch}`

export interface MadeUpSeed {
  events: number
  /** One batch per source, each from a visitor of its own: the worst case for the per-source counts. */
  sources: number
  /** Spread over this many days back from today (batch b on day today − b % days); 1 for today only. */
  days: number
}

/**
 * `events` funnel events in one INSERT … SELECT generate_series, stored as
 * POST /api/events stores them (server/funnel/events.ts): a 32-byte visitor
 * hash, the page's path, the batch's source as sent. Batch b holds the events
 * from b × events / sources on, so batches are as even as the count allows.
 * For the benchmark of a Funnel read after an attack of made-up sources.
 */
export async function seedMadeUpSources(db: Queryable, { events, sources, days }: MadeUpSeed): Promise<void> {
  const types = `ARRAY[${GATES.map(([type]) => `'${type}'`).join(', ')}]`
  const steps = `ARRAY[${GATES.map(([, step]) => (step === null ? 'NULL' : String(step))).join(', ')}]::smallint[]`
  await db.query(
    `INSERT INTO page_events (created_at, visitor, type, step, source, path)
     SELECT now() - make_interval(days => (b % $3::int)::int, secs => 1), sha256(convert_to('made-up-' || b, 'UTF8')),
       (${types})[1 + (g - first) % ${GATES.length}], (${steps})[1 + (g - first) % ${GATES.length}], 'made-up-' || b, '/'
     FROM generate_series(0, $1::int - 1) g,
       LATERAL (SELECT (g::bigint * $2::int / $1::int)::int AS b) batch,
       LATERAL (SELECT ((b::bigint * $1::int + $2::int - 1) / $2::int)::int AS first) start`,
    [events, sources, days],
  )
}
