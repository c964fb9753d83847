/**
 * A column for a statement over the leads: the state of the follow-up email
 * (pending, delivered, failed…) of the lead whose id is the SQL expression
 * `applicationId`, or null when none was queued. notify/'s port for what others
 * show of the follow-ups, so lead_deliveries is read only here and in notify/.
 * `applicationId` is the caller's own SQL (a column name), never a value sent in.
 */
export function followUpStateColumn(applicationId: string): string {
  return `(SELECT d.state FROM lead_deliveries d WHERE d.application_id = ${applicationId} AND d.event = 'follow_up' LIMIT 1)`
}
