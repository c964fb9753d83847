import {
  DIRECT_SOURCE,
  FUNNEL_MAX_DAYS,
  type Funnel,
  type FunnelDay,
  type FunnelStage,
} from '../../common/funnel-api.ts'
import { OTHER_SOURCES, share, type FunnelTotals } from '../../common/funnel-report.ts'
import { FUNNEL_STAGES, previousRange } from '../../common/funnel.ts'
import { utcDay } from '../../common/utc-day.ts'
import type { Queryable } from '../db/database.ts'
import { leadBounds, type FunnelRange } from './funnel-range.ts'
import { readLeadOutcomes } from './lead-outcomes.ts'
import { capSources } from './source-cap.ts'
import { pageViewVisitorsSql, readGateVisitors, readSourceVisitors } from './visitor-counts.ts'

// The most sources the screen offers to choose from.
const SOURCE_CHOICES = 50

/**
 * A period's headline figures in one statement: page views as the funnel
 * counts them, and the leads stored with how many have a booking, counted as
 * lead-outcomes.ts counts them (a lead with any booking is booked once). For
 * every source, no lead's source is worked out: the range's leads are only
 * counted, from the index on (created_at, id); one source reads the index on
 * lead_source. The booked leads' ids are hashed once, not looked up per lead.
 */
export async function readTotals(db: Queryable, range: FunnelRange): Promise<FunnelTotals> {
  const visitors = pageViewVisitorsSql(range.source)
  const leadSource =
    range.source === undefined
      ? ''
      : range.source === DIRECT_SOURCE
        ? 'AND lead_source(s.attribution) IS NULL'
        : 'AND lead_source(s.attribution) = $3'
  const bounds = 3 + visitors.params.length
  const [row] = await db.query<{ visitors: string; applications: string; booked: string }>(
    `SELECT
       (${visitors.sql})::text AS visitors,
       count(*)::text AS applications,
       count(*) FILTER (WHERE s.id IN (SELECT application_id FROM bookings WHERE application_id IS NOT NULL))::text AS booked
     FROM contact_submissions s
     WHERE NOT s.spam AND s.created_at >= $${bounds} AND s.created_at < $${bounds + 1} ${leadSource}`,
    [range.from, range.to, ...visitors.params, ...leadBounds(range)],
  )
  return totalsOf(range, Number(row?.visitors ?? 0), Number(row?.applications ?? 0), Number(row?.booked ?? 0))
}

const totalsOf = (range: FunnelRange, visitors: number, applications: number, booked: number): FunnelTotals => ({
  from: range.from,
  to: range.to,
  visitors,
  applications,
  conversionRate: share(applications, visitors),
  booked,
  bookedRate: share(booked, applications),
})

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The range's days, oldest first, counted rather than compared as text: the
 * day after 9999-12-31 formats as +010000-01-01, which sorts before it. Never
 * more than FUNNEL_MAX_DAYS, whatever the range.
 */
export function rangeDays(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`)
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1
  const length = Number.isFinite(count) ? Math.min(Math.max(count, 0), FUNNEL_MAX_DAYS) : 0
  return Array.from({ length }, (_, index) => utcDay(new Date(start + index * DAY_MS)))
}

const stageKey = (type: string, step: number | null) => (step === null ? type : `${type}:${step}`)

/** Each gate's visitors, with what was lost since the gate before. */
export function funnelStages(visitorsOf: (type: string, step: number | null) => number): FunnelStage[] {
  let before: number | undefined
  return FUNNEL_STAGES.map((stage) => {
    const visitors = visitorsOf(stage.event, stage.step)
    const dropOff = before === undefined ? null : before - visitors
    const dropOffRate = before === undefined || before === 0 || dropOff === null ? null : dropOff / before
    before = visitors
    return { id: stage.id, visitors, dropOff, dropOffRate }
  })
}

/**
 * The funnel of a range, counted as page_event_counts does (visitor-counts.ts):
 * the rollups for the days rolled up, the raw events for the rest (today, and
 * yesterday until the sweep rolls it up), so figures stay when the raw events
 * of old days are deleted. Visitors are summed over days: a visitor-day each,
 * as the hash is daily. The sources table is capped (capSources), whatever
 * sources the anonymous events made up.
 */
export async function readFunnel(db: Queryable, range: FunnelRange): Promise<Funnel> {
  const gates = await readGateVisitors(db, range)
  const sourceRows = await readSourceVisitors(db, range)
  // Leads' sources are lower-cased (lead_source in migrations/009); the events' are as the page sent them.
  const visitorsBySource = new Map<string, number>()
  for (const row of sourceRows) {
    const source = row.source?.toLowerCase() ?? DIRECT_SOURCE
    visitorsBySource.set(source, (visitorsBySource.get(source) ?? 0) + Number(row.visitors))
  }
  const outcomes = await readLeadOutcomes(db, range, visitorsBySource)
  const before = previousRange(range.from, range.to)
  const previous = before ? await readTotals(db, { ...before, source: range.source, timeZone: range.timeZone }) : null

  const stageVisitors = new Map(
    gates.stages.map((row) => [stageKey(row.type, row.step === null ? null : Number(row.step)), Number(row.visitors)]),
  )
  const byDay = new Map(gates.days.map((row) => [row.day, row]))
  const days = rangeDays(range.from, range.to).map((day): FunnelDay => {
    const row = byDay.get(day)
    const visitors = Number(row?.visitors ?? 0)
    const applications = Number(row?.applications ?? 0)
    return { day, visitors, applications, conversionRate: visitors === 0 ? null : applications / visitors }
  })
  const stages = [...funnelStages((type, step) => stageVisitors.get(stageKey(type, step)) ?? 0), ...outcomes.stages]
  const stageCount = (id: string) => stages.find((stage) => stage.id === id)?.visitors ?? 0
  return {
    from: range.from,
    to: range.to,
    source: range.source ?? null,
    stages,
    days,
    // The rollup's sum of a day's sources past its cap is no source to choose.
    sources: sourceRows
      .filter((row) => row.source?.toLowerCase() !== OTHER_SOURCES)
      .slice(0, SOURCE_CHOICES)
      .map((row) => row.source ?? DIRECT_SOURCE),
    // The table's sources are lower-cased, as leads' are; the one asked for is named as the events name it.
    bySource: capSources(outcomes.bySource, range.source?.toLowerCase()),
    // The range's own figures are those of its stages: no query more.
    totals: totalsOf(range, stageCount('visitors'), stageCount('applications'), stageCount('booked')),
    previous,
  }
}
