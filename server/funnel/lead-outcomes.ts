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
 * Leads stored in the range (not spam), per source, with how many booked a
 * call and how many showed: a booking whose start has passed and that is
 * neither cancelled nor marked a no-show. Each lead's bookings are folded to
 * one row first, so a lead that rebooked counts once. An outcome a person
 * entered overrides that guess (ADR 040): its latest says showed (showed,
 * won) or not (no-show); a lost deal says nothing of the call, so the guess stays. Only a lead with a booking
 * can have shown: one won without a call the funnel knows of counts in neither, so showed never passes booked.
 */
async function outcomesBySource(db: Queryable, range: FunnelRange): Promise<OutcomeRow[]> {
  return db.query<OutcomeRow>(
    `SELECT coalesce(lead_source(s.attribution), $3) AS source, count(*)::text AS applications,
       count(b.application_id)::text AS booked,
       count(*) FILTER (WHERE b.application_id IS NOT NULL AND CASE o.outcome WHEN 'showed' THEN true WHEN 'won' THEN true
         WHEN 'no_show' THEN false ELSE coalesce(b.showed, false) END)::text AS showed
     FROM contact_submissions s
     LEFT JOIN (
       SELECT application_id, bool_or(state = 'scheduled' AND starts_at < now()) AS showed
       FROM bookings WHERE application_id IS NOT NULL GROUP BY application_id
     ) b ON b.application_id = s.id
     LEFT JOIN LATERAL (
       SELECT lo.outcome FROM lead_outcomes lo WHERE lo.application_id = s.id ORDER BY lo.id DESC LIMIT 1
     ) o ON true
     WHERE NOT s.spam AND s.created_at >= $1::timestamptz AND s.created_at < $2::timestamptz
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
