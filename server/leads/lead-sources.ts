import { DIRECT_SOURCE } from '../../common/funnel-api.ts'
import { LEAD_SOURCES_MAX, type LeadSources } from '../../common/lead-sources-api.ts'
import type { Queryable } from '../db/database.ts'

/**
 * The distinct sources of the leads, read as a loose index scan of
 * contact_submissions_source_idx (migrations/009): each step asks the index
 * for the first source after the one before, so the cost grows with the
 * number of sources, not of leads. A plain DISTINCT would read every lead's
 * entry. The leads with no source are one probe for a NULL in the same index.
 */
export const LEAD_SOURCES_SQL = `WITH RECURSIVE seen(source) AS (
    (SELECT lead_source(attribution) FROM contact_submissions
     WHERE NOT spam AND lead_source(attribution) IS NOT NULL ORDER BY 1 LIMIT 1)
    UNION ALL
    SELECT (SELECT lead_source(attribution) FROM contact_submissions
            WHERE NOT spam AND lead_source(attribution) > seen.source ORDER BY 1 LIMIT 1)
    FROM seen WHERE seen.source IS NOT NULL
  )
  SELECT source, false AS direct FROM (SELECT source FROM seen WHERE source IS NOT NULL LIMIT $1) named
  UNION ALL
  SELECT NULL, EXISTS (SELECT 1 FROM contact_submissions WHERE NOT spam AND lead_source(attribution) IS NULL)`

export async function leadSources(db: Queryable): Promise<LeadSources> {
  const rows = await db.query<{ source: string | null; direct: boolean }>(LEAD_SOURCES_SQL, [LEAD_SOURCES_MAX])
  const named = rows.flatMap((row) => (row.source === null ? [] : [row.source]))
  const direct = rows.some((row) => row.direct)
  return { sources: direct ? [...named.slice(0, LEAD_SOURCES_MAX - 1), DIRECT_SOURCE] : named }
}
