import { arrayLiteral } from '../db/array-literal.ts'
import type { Queryable } from '../db/database.ts'

// Only a person touches a lead: an author that is an account's email. A booking provider's move ("Calendly")
// leaves it new, as nobody has looked at it yet. lead_unopened_application_idx finds the rows.
const TOUCH = `DELETE FROM lead_unopened
  WHERE application_id = ANY($1::bigint[]) AND EXISTS (SELECT 1 FROM admin_accounts WHERE email = $2)`

/**
 * Someone worked the leads of `ids` (changed their status, noted, called or
 * mailed, assigned them): they are no longer new to anybody (migrations/015
 * keeps "new" per account; the first touch ends it for all). `actor` is whose
 * change it was; a name that is no account's touches nothing.
 */
export async function markTouched(db: Queryable, ids: readonly number[], actor: string): Promise<void> {
  if (ids.length > 0) await db.query(TOUCH, [arrayLiteral(ids), actor])
}
