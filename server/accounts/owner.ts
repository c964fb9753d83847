import type { Queryable } from '../db/database.ts'

/** Whether the account manages the team (migrations/014): what only the owner may do checks this. */
export async function isOwner(db: Queryable, accountId: number): Promise<boolean> {
  const [row] = await db.query<{ owner: boolean }>("SELECT role = 'owner' AS owner FROM admin_accounts WHERE id = $1", [
    accountId,
  ])
  return row?.owner === true
}
