import { BOARD_COLUMN_SIZE, type LeadBoard } from '../../common/board-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-status.ts'
import type { Queryable } from '../db/database.ts'
import type { LeadFilter } from './lead-filter.ts'
import { listLeadRows, toSummary } from './list-leads.ts'

/**
 * How many leads have each status, spam left out, in one statement: every
 * pipeline row counted by status, less the spam's. Counting reads each
 * pipeline row once however it is written; this way the narrow lead_pipeline
 * is the only table read whole. The spam (kept SPAM_RETENTION_DAYS, so few)
 * comes from its partial index, each looked up in lead_pipeline by primary
 * key. At 100,000 leads this takes 12 ms on PostgreSQL and 34 ms on PGlite,
 * about what counting lead_pipeline alone takes; joining every lead to its
 * application to test the spam flag took 40–60 ms, and joining the spam to
 * the pipeline by hash read lead_pipeline twice.
 */
export const STATUS_COUNTS_SQL = `SELECT status, sum(n)::int AS count
  FROM (
    SELECT status, count(*) AS n FROM lead_pipeline GROUP BY status
    UNION ALL
    SELECT (SELECT p.status FROM lead_pipeline p WHERE p.application_id = s.id), -1 FROM contact_submissions s WHERE s.spam
  ) counts
  GROUP BY status`

const columnFilter = (status: LeadStatus): LeadFilter => ({
  search: undefined,
  status,
  source: undefined,
  from: undefined,
  before: undefined,
  spam: false,
  booking: undefined,
})

/**
 * The pipeline board: per status, how many leads have it and the newest
 * `perColumn` of them. Each column is the list's own status filter, which
 * walks lead_pipeline_status_idx newest first and stops at `perColumn`
 * (server/leads/list-plans.test.ts holds that it does), so a column costs
 * the same at any size. The count and the columns are separate statements:
 * a change between them can leave a count one off until the next read.
 */
export async function leadBoard(db: Queryable, perColumn = BOARD_COLUMN_SIZE): Promise<LeadBoard> {
  const [counts, ...columns] = await Promise.all([
    db.query<{ status: LeadStatus; count: number }>(STATUS_COUNTS_SQL),
    ...LEAD_STATUSES.map((status) => listLeadRows(db, columnFilter(status), undefined, perColumn)),
  ])
  const countOf = new Map(counts.map((row) => [row.status, Number(row.count)]))
  return {
    columns: LEAD_STATUSES.map((status, index) => ({
      status,
      count: countOf.get(status) ?? 0,
      leads: (columns[index] ?? []).map(toSummary),
    })),
  }
}
