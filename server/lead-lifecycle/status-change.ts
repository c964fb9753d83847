import type { LeadStatusChange } from '../../common/lead-page-api.ts'
import type { LeadStatus } from '../../common/lead-status.ts'
import { arrayLiteral } from '../db/array-literal.ts'
import type { Queryable } from '../db/database.ts'
import { utcText } from '../db/utc-text.ts'
import { markTouched } from './touched.ts'

export interface StatusMove {
  /** The leads to move: one (the lead page), many (a bulk change) or a booked one. */
  ids: readonly number[]
  to: LeadStatus
  /** Whose change: an account's email, or the booking provider's name. */
  author: string
  /** Only leads that have one of these statuses move; left out, any lead does. */
  onlyFrom?: readonly LeadStatus[]
  /** Why, kept with the change and shown: a cancel reason, "No-show", a lost reason. */
  reason?: string
}

export interface StatusMoved {
  /** How many of the leads there were (with a status in onlyFrom, when given). */
  found: number
  /** The changes recorded, in id order; a lead that already had the status records none. */
  changes: (LeadStatusChange & { id: number })[]
}

// One statement for one lead or many: the status and its history change together or not at all. The rows are
// locked in id order (two moves at once cannot deadlock, and each records the status the other left), and the
// time is read after the lock, so the history's order is the order the changes happened.
const MOVE = `WITH old AS (
    SELECT application_id, status FROM lead_pipeline
    WHERE application_id = ANY($1::bigint[]) AND ($4::text[] IS NULL OR status = ANY($4::text[]))
    ORDER BY application_id FOR UPDATE
  ), updated AS (
    UPDATE lead_pipeline p SET status = $2 FROM old
    WHERE p.application_id = old.application_id AND old.status <> $2 RETURNING p.application_id
  ), change AS (
    INSERT INTO lead_status_changes (application_id, from_status, to_status, author, at, reason)
    SELECT application_id, status, $2, $3, clock_timestamp(), $5 FROM old WHERE status <> $2 ORDER BY application_id
    RETURNING application_id, from_status, to_status, author, at, reason
  )
  SELECT found.n AS found, change.application_id::text AS id, change.from_status, change.to_status, change.author,
    ${utcText('change.at')} AS at, change.reason
  FROM (SELECT count(*)::int AS n FROM old) found LEFT JOIN change ON true
  ORDER BY change.application_id`

/**
 * The one place a lead's status changes: moves the leads of `ids` to `to` and
 * records each change (from, to, who, when) in its history, in one statement.
 * Callers inside a transaction pass it as `db`, so the move is part of it.
 */
export async function changeStatus(
  db: Queryable,
  { ids, to, author, onlyFrom, reason }: StatusMove,
): Promise<StatusMoved> {
  const rows = await db.query<{
    found: number
    id: string | null
    from_status: LeadStatus | null
    to_status: LeadStatus | null
    author: string | null
    at: string | null
    reason: string | null
  }>(MOVE, [arrayLiteral(ids), to, author, onlyFrom === undefined ? null : arrayLiteral(onlyFrom), reason ?? null])
  const changes = rows.flatMap((row) =>
    row.id === null || row.to_status === null || row.author === null || row.at === null
      ? []
      : [
          {
            id: Number(row.id),
            from: row.from_status,
            to: row.to_status,
            author: row.author,
            at: row.at,
            reason: row.reason,
          },
        ],
  )
  // A person's change of status touches the lead (touched.ts): new to nobody after it.
  await markTouched(
    db,
    changes.map((change) => change.id),
    author,
  )
  return { found: Number(rows[0]?.found ?? 0), changes }
}

/**
 * Moves lead `id` to `status` (changeStatus for one). Resolves to the change,
 * null when the lead already had that status (nothing recorded), or undefined
 * when there is no such lead.
 */
export async function changeLeadStatus(
  db: Queryable,
  id: number,
  status: LeadStatus,
  author: string,
): Promise<LeadStatusChange | null | undefined> {
  const { found, changes } = await changeStatus(db, { ids: [id], to: status, author })
  if (found === 0) return undefined
  const [change] = changes
  if (change === undefined) return null
  return { from: change.from, to: change.to, author: change.author, at: change.at, reason: change.reason }
}

/**
 * A lead that is `new`, `contacted` or `to_chase` becomes `booked`, recorded
 * with `author` (the provider, or who linked it): a rebooking takes a lead out
 * of the chase list. Later stages (showed, won, lost) stay.
 */
export async function markBooked(tx: Queryable, applicationId: number, author: string): Promise<void> {
  await changeStatus(tx, { ids: [applicationId], to: 'booked', author, onlyFrom: ['new', 'contacted', 'to_chase'] })
}
