import { arrayLiteral } from '../db/array-literal.ts'
import type { Database } from '../db/database.ts'
import { markTouched } from './touched.ts'

/**
 * A lead's owner as columns of a statement over its lead_pipeline row `pipeline`: `owner_id` and `owner_email`,
 * one probe of admin_accounts' primary key per row. Read wherever a lead shows its owner (the list, the agenda).
 */
export const ownerColumns = (pipeline: string) =>
  `${pipeline}.owner::text AS owner_id, (SELECT a.email FROM admin_accounts a WHERE a.id = ${pipeline}.owner) AS owner_email`

/** The owner as those columns read it: null for nobody (or an account removed as it was read). */
export const ownerOf = (row: { owner_id: string | null; owner_email: string | null }) =>
  row.owner_id === null || row.owner_email === null ? null : { id: Number(row.owner_id), email: row.owner_email }

export interface OwnerMove {
  /** The leads to assign: one (the lead page, the board) or many (a bulk change). */
  ids: readonly number[]
  /** The account that will own them, or null for nobody. */
  owner: number | null
  /** Whose change: the signed-in account's email. */
  author: string
}

/** What an assignment did: `no-such-teammate` when `owner` names no account, else how many leads there were and moved. */
export type OwnerMoved = { outcome: 'no-such-teammate' } | { outcome: 'done'; found: number; changed: number }

// One statement: the owner and its history change together. Rows are locked in id order, as a status move locks
// them, so two assignments at once cannot deadlock; a lead that already has the owner records nothing.
const ASSIGN = `WITH target AS (
    SELECT email FROM admin_accounts WHERE id = $2
  ), old AS (
    SELECT application_id, owner FROM lead_pipeline
    WHERE application_id = ANY($1::bigint[]) ORDER BY application_id FOR UPDATE
  ), updated AS (
    UPDATE lead_pipeline p SET owner = $2 FROM old
    WHERE p.application_id = old.application_id AND old.owner IS DISTINCT FROM $2::bigint RETURNING p.application_id
  ), change AS (
    INSERT INTO lead_owner_changes (application_id, owner_email, author, at)
    SELECT application_id, (SELECT email FROM target), $3, clock_timestamp() FROM updated ORDER BY application_id
    RETURNING application_id
  )
  SELECT (SELECT count(*) FROM old)::int AS found, change.application_id::text AS id
  FROM (SELECT 1) one LEFT JOIN change ON true`

/**
 * The one place a lead's owner changes: gives the leads of `ids` to `owner`
 * (an account; null for nobody), records each change (to whom, by whom, when)
 * and touches them (touched.ts). Only an existing account may own a lead: the
 * check holds the account's row (FOR SHARE) until the change is stored, so its
 * removal waits for it, and then leaves the leads unassigned.
 */
export async function changeOwner(db: Database, { ids, owner, author }: OwnerMove): Promise<OwnerMoved> {
  return db.transaction(async (tx) => {
    if (owner !== null) {
      const [account] = await tx.query('SELECT 1 FROM admin_accounts WHERE id = $1 FOR SHARE', [owner])
      if (account === undefined) return { outcome: 'no-such-teammate' }
    }
    const rows = await tx.query<{ found: number; id: string | null }>(ASSIGN, [arrayLiteral(ids), owner, author])
    const changed = rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)]))
    await markTouched(tx, changed, author)
    return { outcome: 'done', found: Number(rows[0]?.found ?? 0), changed: changed.length }
  })
}
