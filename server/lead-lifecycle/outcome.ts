import {
  NO_SHOW_REASON,
  OUTCOME_STATUS,
  type LeadOutcome,
  type LeadOutcomeKind,
} from '../../common/lead-outcome-api.ts'
import { fromMinorUnits } from '../../common/money.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database, Queryable, Row } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import type { Notifications } from '../notify/notifications.ts'
import { changeStatus } from './status-change.ts'
import { markTouched } from './touched.ts'

/** An outcome to record, already checked: a won one has its amount in minor units. */
export interface OutcomeEntry {
  applicationId: number
  outcome: LeadOutcomeKind
  won?: { amountMinor: bigint; currency: string }
  lost?: { reason: string; note?: string | undefined }
  /** The account's email. */
  author: string
}

/** The columns of lead_outcomes a LeadOutcome is read from (as `o`). */
export const OUTCOME_COLUMNS = `o.id::text AS id, o.outcome, o.amount_minor::text AS amount_minor, o.currency,
  o.lost_reason, o.note, o.author, ${utcText('o.at')} AS at`

export interface OutcomeRow extends Row {
  id: string
  outcome: LeadOutcomeKind
  amount_minor: string | null
  currency: string | null
  lost_reason: string | null
  note: string | null
  author: string
  at: string
}

export const leadOutcomeOf = (row: OutcomeRow): LeadOutcome => ({
  id: Number(row.id),
  outcome: row.outcome,
  amount: row.amount_minor === null || row.currency === null ? null : fromMinorUnits(row.amount_minor, row.currency),
  currency: row.currency,
  lostReason: row.lost_reason,
  note: row.note,
  author: row.author,
  at: row.at,
})

/** What the status change of an outcome says: why the lead moved. */
function reasonOf(entry: OutcomeEntry): string | undefined {
  if (entry.outcome === 'no_show') return NO_SHOW_REASON
  if (entry.lost) return entry.lost.reason
  if (entry.won) return `${fromMinorUnits(entry.won.amountMinor, entry.won.currency)} ${entry.won.currency}`
  return undefined
}

/**
 * Records an outcome a person entered after a call (ADR 040), in one
 * transaction: the outcome (a correction is one more, the latest counts), the
 * lead's move to the outcome's status with its reason, news of a won or lost
 * deal (lead.won, lead.lost) and the audit entry with who did it. Resolves to
 * the outcome, or undefined when there is no such lead (or it is spam). The
 * caller wakes the notifier once it has answered.
 */
export async function recordOutcome(
  db: Database,
  notifications: Notifications,
  entry: OutcomeEntry,
): Promise<LeadOutcome | undefined> {
  return db.transaction(async (tx: Queryable) => {
    const [lead] = await tx.query(
      `SELECT 1 FROM lead_pipeline p JOIN contact_submissions s ON s.id = p.application_id
       WHERE p.application_id = $1 AND NOT s.spam FOR UPDATE OF p`,
      [entry.applicationId],
    )
    if (!lead) return undefined
    const [row] = await tx.query<OutcomeRow>(
      `INSERT INTO lead_outcomes AS o (application_id, outcome, amount_minor, currency, lost_reason, note, author)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${OUTCOME_COLUMNS}`,
      [
        entry.applicationId,
        entry.outcome,
        entry.won?.amountMinor.toString() ?? null,
        entry.won?.currency ?? null,
        entry.lost?.reason ?? null,
        entry.lost?.note ?? null,
        entry.author,
      ],
    )
    if (!row) throw new Error('the outcome just written is not there')
    const outcome = leadOutcomeOf(row)
    const reason = reasonOf(entry)
    await changeStatus(tx, {
      ids: [entry.applicationId],
      to: OUTCOME_STATUS[entry.outcome],
      author: entry.author,
      ...(reason !== undefined && { reason }),
    })
    // A correction that keeps the status touches the lead all the same: someone worked it.
    await markTouched(tx, [entry.applicationId], entry.author)
    if (entry.outcome === 'won' || entry.outcome === 'lost')
      await notifications.enqueue(tx, { applicationId: entry.applicationId, outcomeId: outcome.id })
    await recordAudit(tx, {
      actor: entry.author,
      action: 'lead.outcome',
      leadId: entry.applicationId,
      // Never the note: the audit entry outlives an erasure, and words typed may name the applicant.
      detail: {
        outcome: entry.outcome,
        ...(outcome.amount !== null && { amount: outcome.amount, currency: outcome.currency }),
        ...(outcome.lostReason !== null && { lostReason: outcome.lostReason }),
      },
    })
    return outcome
  })
}
