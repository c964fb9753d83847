import { DIRECT_SOURCE } from '../../common/funnel-api.ts'
import { FUNNEL_STAGES } from '../../common/funnel.ts'
import type { Queryable } from '../db/database.ts'

/**
 * The Funnel's visitor counts, read as page_event_counts (migrations/010)
 * defines them, but straight from its two tables and only for what the screen
 * shows: the rows of page_event_daily for the days rolled up, and for the days
 * after the last one rolled up (today, and yesterday until the hourly sweep)
 * the raw events, each (day, visitor) counted once with a hashed DISTINCT. The
 * function works out every source's rows of every event type to keep a few, so
 * a day of raw events from thousands of made-up sources cost seconds a read
 * (docs/decisions/035-funnel-sources-bounded.md).
 *
 * Parameters: $1 and $2 the range's days, $3 the source when one is asked.
 */

/** The first day the rollup does not hold: the raw events are read from there. */
const RAW_FROM = `greatest($1::date, (SELECT coalesce(max(day) + 1, '-infinity'::date) FROM page_event_daily))`

/** The events the screen's gates count; no other type is read. */
const GATE_EVENTS = [...new Set(FUNNEL_STAGES.map((stage) => stage.event))].map((event) => `'${event}'`).join(', ')

/**
 * Which rows a range reads, in each table: the all_sources rows for every
 * source (a visitor of two sources in a day is one visitor there), else the
 * source's own rows, where direct visits have no source.
 */
function sourceCondition(source: string | undefined): { daily: string; raw: string; params: unknown[] } {
  if (source === undefined) return { daily: 'all_sources', raw: 'true', params: [] }
  if (source === DIRECT_SOURCE)
    return { daily: 'NOT all_sources AND source IS NULL', raw: 'source IS NULL', params: [] }
  return { daily: 'NOT all_sources AND source = $3', raw: 'source = $3', params: [source] }
}

/** (day, type, step, visitors) of the range's gate events for the source asked for, rolled up or raw. */
function gateCounts(source: string | undefined, types: string): { sql: string; params: unknown[] } {
  const { daily, raw, params } = sourceCondition(source)
  return {
    sql: `SELECT day, type, step, visitors FROM page_event_daily
          WHERE day BETWEEN $1::date AND $2::date AND ${daily} AND type IN (${types})
          UNION ALL
          SELECT day, type, step, count(*) FROM (
            SELECT DISTINCT day, type, step, visitor FROM page_events
            WHERE day BETWEEN ${RAW_FROM} AND $2::date AND ${raw} AND type IN (${types})
          ) seen GROUP BY day, type, step`,
    params,
  }
}

export interface GateVisitors {
  /** Visitors of each (type, step) of the gates, summed over the range's days. */
  stages: { type: string; step: number | null; visitors: string }[]
  /** Each day's page views and applications (submit_succeeded); days without either are missing. */
  days: { day: string; visitors: string; applications: string }[]
}

/** The gates' visitors and the days' figures for the source asked for, in one statement: at most a row per gate and per day. */
export async function readGateVisitors(
  db: Queryable,
  range: { from: string; to: string; source: string | undefined },
): Promise<GateVisitors> {
  const { sql, params } = gateCounts(range.source, GATE_EVENTS)
  const rows = await db.query<{
    day: string | null
    type: string | null
    step: number | null
    visitors: string
    applications: string
  }>(
    `WITH counts AS (${sql})
     SELECT NULL AS day, type, step, sum(visitors)::text AS visitors, NULL AS applications FROM counts GROUP BY type, step
     UNION ALL
     SELECT to_char(day, 'YYYY-MM-DD'), NULL, NULL,
       coalesce(sum(visitors) FILTER (WHERE type = 'page_view'), 0)::text,
       coalesce(sum(visitors) FILTER (WHERE type = 'submit_succeeded'), 0)::text
     FROM counts WHERE type IN ('page_view', 'submit_succeeded') GROUP BY day`,
    [range.from, range.to, ...params],
  )
  return {
    stages: rows.flatMap((row) =>
      row.type === null
        ? []
        : [{ type: row.type, step: row.step === null ? null : Number(row.step), visitors: row.visitors }],
    ),
    days: rows.flatMap((row) =>
      row.day === null ? [] : [{ day: row.day, visitors: row.visitors, applications: row.applications }],
    ),
  }
}

/** SQL of the range's page-view visitors (summed over days) for the source asked for: one value, `visitors`. */
export function pageViewVisitorsSql(source: string | undefined): { sql: string; params: unknown[] } {
  const { sql, params } = gateCounts(source, `'page_view'`)
  return { sql: `SELECT coalesce(sum(visitors), 0) AS visitors FROM (${sql}) counts`, params }
}

/**
 * Each source's page-view visitors over the range, as the page sent the
 * source (NULL for direct visits), most first: a row per source seen, which
 * the caller folds (capSources) before anything leaves the server.
 */
export function readSourceVisitors(db: Queryable, range: { from: string; to: string }) {
  return db.query<{ source: string | null; visitors: string }>(
    `SELECT source, sum(visitors)::text AS visitors FROM (
       SELECT source, visitors FROM page_event_daily
       WHERE day BETWEEN $1::date AND $2::date AND NOT all_sources AND type = 'page_view'
       UNION ALL
       SELECT source, count(*) FROM (
         SELECT DISTINCT day, source, visitor FROM page_events
         WHERE day BETWEEN ${RAW_FROM} AND $2::date AND type = 'page_view'
       ) seen GROUP BY source
     ) counts
     GROUP BY source ORDER BY sum(visitors) DESC, source`,
    [range.from, range.to],
  )
}
