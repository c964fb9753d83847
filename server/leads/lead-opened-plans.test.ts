import { beforeAll, describe, expect, it } from 'vitest'
import { NEW_COUNT_CAP } from '../../common/live-api.ts'
import { createAdminAccount } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { planNodes, type PlanNode } from '../testing/query-plan.ts'
import { seedLeads } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { parseLeadQuery } from './lead-filter.ts'
import { NEW_COUNT_SQL, newMarkColumn, UNOPENED_AMONG_SQL } from './lead-opened.ts'
import { sortedListSql } from './list-sort.ts'

const temp = useTempDatabase()
let accountId: number
beforeAll(async () => {
  await createAdminAccount(temp.db, 'owner@example.com', 'a long inbox password')
  await createAdminAccount(temp.db, 'teammate@example.com', 'a long inbox password')
  // Leads stored after both accounts: each is unopened by both, 10,000 rows.
  await seedLeads(temp.db, 5000, { spacingSeconds: 60, spamPercent: 0 })
  // The owner opened every other one.
  await temp.db.exec(
    "DELETE FROM lead_unopened WHERE application_id % 2 = 0 AND account_id = (SELECT id FROM admin_accounts WHERE email = 'owner@example.com')",
  )
  await temp.db.exec('ANALYZE')
  const [owner] = await temp.db.query<{ id: string }>(
    "SELECT id::text AS id FROM admin_accounts WHERE email = 'owner@example.com'",
  )
  accountId = Number(owner?.id)
})

const planOf = (sql: string, params: unknown[] = []) => planNodes(temp.db, sql, params)

const readsOf = (plan: PlanNode[]) =>
  plan
    .filter((node) => node['Relation Name'] === 'lead_unopened')
    .map((node) => [node['Node Type'], node['Index Name']])

describe(`the "New" marker's plans on ${DATABASE_TARGET}, over 7,500 unopened rows`, () => {
  it("counts an account's new leads from its primary key, never reading the table whole", async () => {
    const plan = await planOf(NEW_COUNT_SQL, [accountId, NEW_COUNT_CAP])
    expect(readsOf(plan)).toEqual([[expect.stringMatching(/^Index( Only)? Scan$/), 'lead_unopened_pkey']])
  })

  it("marks a page's leads by probing an index per lead, never reading the table whole", async () => {
    const page = Array.from({ length: 50 }, (_, index) => index + 1)
    const plan = await planOf(UNOPENED_AMONG_SQL, [accountId, page])
    // Either index finds at most one row per account for each lead of the page.
    expect(readsOf(plan).map(([type]) => type)).not.toContain('Seq Scan')
    expect(plan.some((node) => node['Index Name']?.startsWith('lead_unopened_'))).toBe(true)
  })

  it.each(['received', 'name', 'status'] as const)(
    "marks the list's page sorted by %s in its own statement, one probe of the key per lead",
    async (sort) => {
      const query = parseLeadQuery({ sort })
      const { sql, params } = sortedListSql(query.filter, query.sort, undefined, 51, {
        select: `s.id, ${newMarkColumn(accountId)}`,
      })
      const plan = await planOf(sql, params)
      // Not the hashed pass over every row of the account an EXISTS in the select list can become.
      expect(readsOf(plan)).toEqual([[expect.stringMatching(/^Index( Only)? Scan$/), 'lead_unopened_pkey']])
    },
  )

  it('would notice a sequential scan', async () => {
    const plan = await planOf('SELECT * FROM lead_unopened WHERE application_id % 7 = 1', [])
    expect(readsOf(plan)).toEqual([['Seq Scan', undefined]])
  })
})
