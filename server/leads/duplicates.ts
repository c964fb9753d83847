import { CONTACT_FIELDS } from '../../common/application-form.ts'
import type { LeadAnswers } from '../../common/lead-list-api.ts'
import type { LeadDuplicate, MergedApplication } from '../../common/lead-page-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import { DUPLICATE_WINDOW_DAYS } from '../../common/merge-api.ts'
import type { Queryable } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'

// Found where a lead is read, never recorded as it is stored (docs/decisions/043-duplicates-read-not-recorded.md):
// the insert does no lookup, and a merge or an erasure leaves nothing to correct.
const WITHIN = (other: string, lead: string) =>
  `NOT ${other}.spam AND ${other}.id <> ${lead}.id
     AND ${other}.created_at BETWEEN ${lead}.created_at - interval '${DUPLICATE_WINDOW_DAYS} days'
       AND ${lead}.created_at + interval '${DUPLICATE_WINDOW_DAYS} days'`
const SAME_EMAIL = (other: string, lead: string) => `lower(${other}.email) = lower(${lead}.email)`
// lead_phone_key is NULL for a phone of fewer than seven digits, which matches nothing (migrations/026).
const SAME_PHONE = (other: string, lead: string) => `lead_phone_key(${other}.phone) = lead_phone_key(${lead}.phone)`

/**
 * Whether lead `s` applied again or was applied again after, as a column of the list's statement: two probes per
 * row, of the email's index and the phone's (each stops at its first match), so a page of 50 costs 100 index
 * probes whatever the inbox holds. Spam is nobody's duplicate.
 */
export const APPLIED_AGAIN_COLUMN = `(NOT s.spam AND (
    EXISTS (SELECT 1 FROM contact_submissions d WHERE ${SAME_EMAIL('d', 's')} AND ${WITHIN('d', 's')})
    OR EXISTS (SELECT 1 FROM contact_submissions d WHERE ${SAME_PHONE('d', 's')} AND ${WITHIN('d', 's')})))`

/** The duplicates of lead `id` (none for spam), oldest first; at most 20, which no applicant reaches in earnest. */
export async function leadDuplicates(db: Queryable, id: number): Promise<LeadDuplicate[]> {
  const rows = await db.query<{
    id: string
    received_at: string
    name: string
    status: LeadStatus
    same_email: boolean
    same_phone: boolean
  }>(
    `SELECT d.id::text AS id, ${utcText('d.created_at')} AS received_at, d.name, p.status,
       ${SAME_EMAIL('d', 's')} AS same_email, coalesce(${SAME_PHONE('d', 's')}, false) AS same_phone
     FROM contact_submissions s
     JOIN contact_submissions d ON (${SAME_EMAIL('d', 's')} OR ${SAME_PHONE('d', 's')}) AND ${WITHIN('d', 's')}
     JOIN lead_pipeline p ON p.application_id = d.id
     WHERE s.id = $1 AND NOT s.spam
     ORDER BY d.created_at, d.id
     LIMIT 20`,
    [id],
  )
  return rows.map((row) => ({
    id: Number(row.id),
    receivedAt: row.received_at,
    name: row.name,
    status: row.status,
    sameEmail: row.same_email,
    samePhone: row.same_phone,
  }))
}

/** The applications merged into lead `id`, by the time they were sent. */
export async function mergedApplications(db: Queryable, id: number): Promise<MergedApplication[]> {
  const rows = await db.query<{
    id: string
    applied_at: string
    answers: Record<string, unknown>
    merged_by: string
    merged_at: string
  }>(
    `SELECT merged_id::text AS id, ${utcText('applied_at')} AS applied_at, answers, merged_by,
       ${utcText('merged_at')} AS merged_at
     FROM lead_merges WHERE survivor_id = $1 ORDER BY applied_at, merged_id`,
    [id],
  )
  return rows.map((row) => ({
    id: Number(row.id),
    appliedAt: row.applied_at,
    // Every question of the form, as the list shows a lead's; one added since the merge reads as empty.
    answers: Object.fromEntries(
      CONTACT_FIELDS.map((field) => [field, String(row.answers[field] ?? '')]),
    ) as LeadAnswers,
    mergedBy: row.merged_by,
    mergedAt: row.merged_at,
  }))
}
