import { CONTACT_FIELDS } from '../../common/application-form.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import { arrayLiteral } from '../db/array-literal.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database, Queryable, Row } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { changeStatus } from './status-change.ts'

/** What a merge did, or why it did nothing. */
export type MergeOutcome =
  | { kind: 'merged'; survivorId: number; mergedId: number }
  | { kind: 'missing'; id: number }
  | { kind: 'merged-already'; id: number; survivorId: number }
  | { kind: 'spam'; id: number }
  | { kind: 'not-the-same-applicant' }

interface Locked extends Row {
  id: string
  created_at: string
  spam: boolean
  same_applicant: boolean
  status: LeadStatus | null
  last_change: string | null
}

// Both leads' pipeline rows locked first, in id order, as every status, outcome or owner change locks its lead's
// (then, by its history's reference, the application): a merge beside one of those waits for it or makes it wait,
// and never deadlocks with it or with another merge.
const LOCK_PIPELINES = `SELECT 1 FROM lead_pipeline WHERE application_id = ANY($1::bigint[])
  ORDER BY application_id FOR UPDATE`

// Then both applications, in id order, with whether they share an email or a phone, the status and when it
// last changed. Oldest first: the first survives.
const LOCK = `SELECT s.id::text AS id, ${utcText('s.created_at')} AS created_at, s.spam, p.status,
    (SELECT ${utcText('max(c.at)')} FROM lead_status_changes c WHERE c.application_id = s.id) AS last_change,
    (SELECT count(DISTINCT lower(o.email)) = 1 OR count(DISTINCT lead_phone_key(o.phone)) = 1
       AND count(lead_phone_key(o.phone)) = 2
     FROM contact_submissions o WHERE o.id = ANY($1::bigint[])) AS same_applicant
  FROM contact_submissions s LEFT JOIN lead_pipeline p ON p.application_id = s.id
  WHERE s.id = ANY($1::bigint[])
  ORDER BY s.id FOR UPDATE OF s`

// The answers kept: every question of the form, by its column name.
const KEEP = `INSERT INTO lead_merges (survivor_id, merged_id, applied_at, answers, attribution, merged_by)
  SELECT $1, s.id, s.created_at, jsonb_build_object(${CONTACT_FIELDS.map((field) => `'${field}', s.${field}`).join(', ')}),
    s.attribution, $3
  FROM contact_submissions s WHERE s.id = $2`

// What the merged lead had moves to the survivor. A delivery the survivor has already (the same announcement to the
// same channel: its own application.created) goes with the merged application; every other is kept.
const MOVE = [
  'UPDATE lead_merges SET survivor_id = $1 WHERE survivor_id = $2',
  'UPDATE bookings SET application_id = $1 WHERE application_id = $2',
  'UPDATE booking_requests SET application_id = $1 WHERE application_id = $2',
  'UPDATE lead_notes SET application_id = $1 WHERE application_id = $2',
  'UPDATE lead_status_changes SET application_id = $1 WHERE application_id = $2',
  // Its outcomes too: a won amount is never lost to a merge (ADR 040).
  'UPDATE lead_outcomes SET application_id = $1 WHERE application_id = $2',
  // Who owned it, and when: a survivor nobody owned takes the merged lead's owner (ADR 041).
  'UPDATE lead_owner_changes SET application_id = $1 WHERE application_id = $2',
  `UPDATE lead_pipeline p SET owner = m.owner FROM lead_pipeline m
     WHERE p.application_id = $1 AND m.application_id = $2 AND p.owner IS NULL`,
  `UPDATE lead_deliveries d SET application_id = $1 WHERE d.application_id = $2 AND NOT EXISTS (
     SELECT 1 FROM lead_deliveries o WHERE o.application_id = $1 AND o.event = d.event AND o.target = d.target
       AND o.booking_event_id IS NOT DISTINCT FROM d.booking_event_id AND o.outcome_id IS NOT DISTINCT FROM d.outcome_id)`,
  // The follow-up's claim of an address (one email per address, migrations/018) stays claimed.
  `UPDATE follow_up_recipients SET application_id = $1 WHERE application_id = $2
     AND NOT EXISTS (SELECT 1 FROM follow_up_recipients WHERE application_id = $1)`,
  `UPDATE lead_pipeline p SET booking_opened_at = least(p.booking_opened_at, m.booking_opened_at)
     FROM lead_pipeline m WHERE p.application_id = $1 AND m.application_id = $2`,
]

/**
 * Merges leads `a` and `b` into one (docs/decisions/043-duplicates-read-not-recorded.md): the older survives, the
 * newer's answers are kept as its history (lead_merges), its bookings, notes, status and owner history, outcomes and
 * deliveries move to
 * the survivor, and its application is deleted, so it leaves every list, count, board, export and the funnel. The
 * survivor takes the newer's status when that changed last (the team's latest word on the applicant), recorded as a
 * change by `actor`. Refused for spam, a lead merged already, or two leads sharing neither email nor phone. One
 * transaction with its audit entry.
 */
export async function mergeLeads(db: Database, a: number, b: number, actor: string): Promise<MergeOutcome> {
  return db.transaction(async (tx) => {
    await tx.query(LOCK_PIPELINES, [arrayLiteral([a, b])])
    const rows = await tx.query<Locked>(LOCK, [arrayLiteral([a, b])])
    for (const id of [a, b]) {
      if (rows.some((row) => Number(row.id) === id)) continue
      const survivorId = await survivorOf(tx, id)
      return survivorId === undefined ? { kind: 'missing', id } : { kind: 'merged-already', id, survivorId }
    }
    const spam = rows.find((row) => row.spam)
    if (spam) return { kind: 'spam', id: Number(spam.id) }
    if (rows[0]?.same_applicant !== true) return { kind: 'not-the-same-applicant' }
    // The first to apply survives; on the same instant, the first stored (utcText is fixed-width, so it sorts).
    const [survivor, merged] = [...rows].sort(
      (x, y) => x.created_at.localeCompare(y.created_at) || Number(x.id) - Number(y.id),
    )
    if (survivor === undefined || merged === undefined) throw new Error('Both leads were locked above')
    const [older, newer] = [Number(survivor.id), Number(merged.id)]

    await tx.query(
      `INSERT INTO lead_pipeline (application_id, received_at)
       SELECT id, created_at FROM contact_submissions WHERE id = $1 ON CONFLICT (application_id) DO NOTHING`,
      [older],
    )
    if (merged.status !== null && merged.last_change !== null && merged.status !== survivor.status) {
      if (survivor.last_change === null || merged.last_change > survivor.last_change)
        await changeStatus(tx, { ids: [older], to: merged.status, author: actor })
    }
    await tx.query(KEEP, [older, newer, actor])
    for (const statement of MOVE) await tx.query(statement, [older, newer])
    await tx.query('DELETE FROM contact_submissions WHERE id = $1', [newer])
    await recordAudit(tx, { actor, action: 'lead.merge', leadId: older, detail: { mergedId: newer } })
    return { kind: 'merged', survivorId: older, mergedId: newer }
  })
}

async function survivorOf(tx: Queryable, id: number): Promise<number | undefined> {
  const [row] = await tx.query<{ survivor_id: string }>(
    'SELECT survivor_id::text AS survivor_id FROM lead_merges WHERE merged_id = $1',
    [id],
  )
  return row === undefined ? undefined : Number(row.survivor_id)
}
