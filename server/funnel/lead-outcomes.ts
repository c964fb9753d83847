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
 * For each lead `s` (a contact_submissions row): `b`, its bookings folded to
 * one row, so a lead that rebooked counts once, and `o`, its latest outcome
 * (with a won deal's amount and currency). Each is a lookup of the lead's own
 * rows by index (bookings_application_idx, lead_outcomes_application_idx):
 * a range reads a few thousand leads, never every booking and outcome, and
 * no misjudged row count can turn a join into a pass over them per lead.
 * Shared by every figure of the funnel that counts calls, so booked and
 * showed mean one thing everywhere.
 */
export const LEAD_CALL_JOINS = `LEFT JOIN LATERAL (
       SELECT count(*) > 0 AS booked, bool_or(bk.state = 'scheduled' AND bk.starts_at < now()) AS showed
       FROM bookings bk WHERE bk.application_id = s.id
     ) b ON true
     LEFT JOIN LATERAL (
       SELECT lo.outcome, lo.amount_minor, lo.currency FROM lead_outcomes lo
       WHERE lo.application_id = s.id ORDER BY lo.id DESC LIMIT 1
     ) o ON true`

/** Over LEAD_CALL_JOINS: the lead booked a call. */
export const LEAD_BOOKED = 'b.booked'

/**
 * Over LEAD_CALL_JOINS: the lead showed. A booking whose start has passed and
 * that is neither cancelled nor marked a no-show; an outcome a person entered
 * overrides that guess (ADR 040): its latest says showed (showed, won) or not
 * (no-show); a lost deal says nothing of the call, so the guess stays. Only a
 * lead with a booking can have shown: one won without a call the funnel knows
 * of counts in neither, so showed never passes booked.
 */
export const LEAD_SHOWED = `(b.booked AND CASE o.outcome WHEN 'showed' THEN true WHEN 'won' THEN true
         WHEN 'no_show' THEN false ELSE coalesce(b.showed, false) END)`

/** Leads stored in the range (not spam), per source, with how many booked a call and how many showed. */
async function outcomesBySource(db: Queryable, range: FunnelRange): Promise<OutcomeRow[]> {
  return db.query<OutcomeRow>(
    `SELECT coalesce(lead_source(s.attribution), $3) AS source, count(*)::text AS applications,
       count(*) FILTER (WHERE ${LEAD_BOOKED})::text AS booked,
       count(*) FILTER (WHERE ${LEAD_SHOWED})::text AS showed
     FROM contact_submissions s
     ${LEAD_CALL_JOINS}
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
