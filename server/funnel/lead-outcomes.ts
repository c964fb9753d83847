import { DIRECT_SOURCE, type FunnelStage } from '../../common/funnel-api.ts'
import type { FunnelSource } from '../../common/funnel-report.ts'
import { LEAD_STAGES, type LeadStageId } from '../../common/funnel.ts'
import type { Queryable, Row } from '../db/database.ts'
import { leadBounds, type FunnelRange } from './funnel-range.ts'
import { sourceRow } from './source-cap.ts'

interface OutcomeRow extends Row {
  source: string
  applications: string
  booked: string
  showed: string
}

/**
 * Over funnel_leads `f` (migrations/030): the lead booked a call. One row per
 * lead, so a lead that rebooked counts once.
 */
export const LEAD_BOOKED = 'f.booked'

/**
 * Over funnel_leads `f`: the lead showed. A call still scheduled whose start
 * has passed (neither cancelled nor marked a no-show); an outcome a person
 * entered overrides that guess (ADR 040): its latest says showed (showed, won)
 * or not (no-show); a lost deal says nothing of the call, so the guess stays.
 * Only a lead with a booking can have shown: one won without a call the funnel
 * knows of counts in neither, so showed never passes booked.
 */
export const LEAD_SHOWED = `(f.booked AND CASE f.outcome WHEN 'showed' THEN true WHEN 'won' THEN true
         WHEN 'no_show' THEN false ELSE coalesce(f.call_from < now(), false) END)`

/** Leads stored in the range (not spam), per source, with how many booked a call and how many showed. */
async function outcomesBySource(db: Queryable, range: FunnelRange): Promise<OutcomeRow[]> {
  return db.query<OutcomeRow>(
    `SELECT coalesce(f.last_source, $3) AS source, count(*)::text AS applications,
       count(*) FILTER (WHERE ${LEAD_BOOKED})::text AS booked,
       count(*) FILTER (WHERE ${LEAD_SHOWED})::text AS showed
     FROM funnel_leads f
     WHERE f.applied_at >= $1::timestamptz AND f.applied_at < $2::timestamptz
     GROUP BY 1`,
    [...leadBounds(range), DIRECT_SOURCE],
  )
}

/**
 * The lead stages of the range (for its source, if one is asked) and the table
 * by source, whose visitors come from `visitorsBySource` (page_view, per source).
 */
export async function readLeadOutcomes(
  db: Queryable,
  range: FunnelRange,
  visitorsBySource: ReadonlyMap<string, number>,
): Promise<{ stages: FunnelStage[]; bySource: FunnelSource[] }> {
  const rows = await outcomesBySource(db, range)
  const bySource = new Map<string, FunnelSource>()
  for (const row of rows) {
    const counts = {
      visitors: visitorsBySource.get(row.source) ?? 0,
      applications: Number(row.applications),
      booked: Number(row.booked),
      showed: Number(row.showed),
    }
    bySource.set(row.source, sourceRow(row.source, counts))
  }
  for (const [source, visitors] of visitorsBySource) {
    if (!bySource.has(source))
      bySource.set(source, sourceRow(source, { visitors, applications: 0, booked: 0, showed: 0 }))
  }
  const chosen = [...bySource.values()].filter((row) => range.source === undefined || row.source === range.source)
  const total = (key: LeadStageId) => chosen.reduce((sum, row) => sum + row[key], 0)
  let before: number | undefined
  const stages = LEAD_STAGES.map(({ id }): FunnelStage => {
    const visitors = total(id)
    const dropOff = before === undefined ? null : before - visitors
    const stage = {
      id,
      visitors,
      dropOff,
      dropOffRate: before === undefined || before === 0 || dropOff === null ? null : dropOff / before,
    }
    before = visitors
    return stage
  })
  const ordered = [...bySource.values()].sort(
    (a, b) => b.applications - a.applications || b.visitors - a.visitors || a.source.localeCompare(b.source),
  )
  return { stages, bySource: ordered }
}
