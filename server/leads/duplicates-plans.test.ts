import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { planNodes, type PlanNode } from '../testing/query-plan.ts'
import { seedLeads } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { APPLIED_AGAIN_COLUMN } from './duplicates.ts'
import { parseLeadQuery } from './lead-filter.ts'
import { sortedListSql } from './list-sort.ts'

const temp = useTempDatabase()
beforeAll(async () => {
  await seedLeads(temp.db, 5000, { spacingSeconds: 60, spamPercent: 1 })
  await temp.db.exec('ANALYZE')
})

/** The reads of the duplicates' lookups (`d`, `d_1` for the second), as [type, index]. */
const lookups = (plan: PlanNode[]) =>
  plan
    .filter((node) => /^d(_\d+)?$/.test((node as PlanNode & { Alias?: string }).Alias ?? ''))
    .map((node) => [node['Node Type'], node['Index Name']])

describe(`the "Applied again" mark's plan on ${DATABASE_TARGET}, over 5,000 leads`, () => {
  it.each(['received', 'name', 'status'] as const)(
    "marks the list's page sorted by %s by probing the email's and the phone's index per lead",
    async (sort) => {
      const query = parseLeadQuery({ sort })
      const { sql, params } = sortedListSql(query.filter, query.sort, undefined, 51, {
        select: `s.id, ${APPLIED_AGAIN_COLUMN} AS applied_again`,
      })
      const reads = lookups(await planNodes(temp.db, sql, params))
      // Never a pass over every application per page (or per lead): one probe of each index.
      expect(reads.map(([type]) => type)).not.toContain('Seq Scan')
      expect(reads.map(([, index]) => index).sort()).toEqual([
        'contact_submissions_email_lower_idx',
        'contact_submissions_phone_key_idx',
      ])
    },
  )

  it('would notice a sequential scan', async () => {
    const plan = await planNodes(temp.db, "SELECT 1 FROM contact_submissions d WHERE d.business LIKE '%7'")
    expect(lookups(plan)).toEqual([['Seq Scan', undefined]])
  })
})
