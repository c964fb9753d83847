import type { Queryable } from '../db/database.ts'

/** How often the sweep looks for calls that passed without a no-show. */
export const SHOWED_SWEEP_MS = 60_000

// A call still scheduled that started a day ago or more (and under 7 days:
// Meta refuses older events, and a lead stored before the platforms were set
// up is not swept back to its first call), of a lead with no no-show, showed.
// The unique key makes a second sweep, or two servers at once, write nothing.
const SWEEP = `
  INSERT INTO lead_conversions (application_id, platform, stage, occurred_at)
  SELECT DISTINCT ON (b.application_id, p.platform) b.application_id, p.platform, 'showed', b.starts_at
  FROM bookings b CROSS JOIN conversion_platforms p
  WHERE p.configured AND b.application_id IS NOT NULL AND b.state = 'scheduled'
    AND b.starts_at <= now() - interval '24 hours' AND b.starts_at > now() - interval '7 days'
    AND NOT EXISTS (SELECT 1 FROM bookings n WHERE n.application_id = b.application_id AND n.state = 'no_show')
    AND NOT EXISTS (SELECT 1 FROM lead_outcomes o WHERE o.application_id = b.application_id AND o.outcome = 'no_show')
  ORDER BY b.application_id, p.platform, b.starts_at
  ON CONFLICT (application_id, platform, stage, kind, revision) DO NOTHING
  RETURNING 1`

/** Writes the showed rows of calls that passed a day ago without a no-show; resolves to how many. */
export async function sweepShowed(db: Queryable): Promise<number> {
  return (await db.query(SWEEP)).length
}
