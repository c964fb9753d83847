import type { Queryable } from '../db/database.ts'

export type FollowUpClaim = 'ours' | 'opted-out' | 'taken'

// In one statement: an address that unsubscribed is never claimed; otherwise
// the claim is made, or found to be this application's already (a retry, or a
// resend from the inbox). The key on the address makes a second application's
// claim fail, on any server, at once or after the first commits.
const CLAIM = `
  WITH opted AS (
    SELECT 1 FROM follow_up_opt_outs WHERE email_sha256 = $1
  ), claimed AS (
    INSERT INTO follow_up_recipients (email_sha256, application_id)
    SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM opted)
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM opted) AS opted_out,
    EXISTS (SELECT 1 FROM claimed)
      OR EXISTS (SELECT 1 FROM follow_up_recipients WHERE email_sha256 = $1 AND application_id = $2) AS ours`

/**
 * Claims the address of SHA-256 `emailSha256` for the follow-up of
 * application `applicationId`, just before it is sent: 'ours' to send, else
 * why not. At most one application's follow-up ever goes to an address
 * (until that lead is erased), however often it applies.
 */
export async function claimFollowUp(db: Queryable, emailSha256: string, applicationId: number): Promise<FollowUpClaim> {
  const [row] = await db.query<{ opted_out: boolean; ours: boolean }>(CLAIM, [emailSha256, applicationId])
  if (row?.opted_out) return 'opted-out'
  return row?.ours ? 'ours' : 'taken'
}

/** What the inbox shows of a follow-up that was not sent, by claim. */
export const unclaimedReason: Record<Exclude<FollowUpClaim, 'ours'>, string> = {
  'opted-out': 'this address unsubscribed from follow-ups',
  taken: 'this address already had a follow-up, for another application',
}
