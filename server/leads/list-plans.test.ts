import { beforeAll, describe, expect, it } from 'vitest'
import type { LeadListQuery } from '../../common/admin-api-schema.ts'
import { LEAD_PAGE_SIZE } from '../../common/lead-list-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { planNodes, type PlanNode } from '../testing/query-plan.ts'
import { seedLeads } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { STATUS_COUNTS_SQL } from './board.ts'
import { parseLeadQuery } from './lead-filter.ts'
import { LEAD_SOURCES_SQL } from './lead-sources.ts'
import { leadCountSql, searchMatchesSql, sortedListSql } from './list-sort.ts'

const temp = useTempDatabase()
beforeAll(async () => {
  // Enough rows that reading them all costs more than an index would.
  await seedLeads(temp.db, 5000, { spacingSeconds: 60 })
  await temp.db.exec('ANALYZE')
})

/** The nodes of the plan the database makes for a statement. */
const planOfSql = (sql: string, params: unknown[] = []) => planNodes(temp.db, sql, params)

/** The plan the database makes for the list's own statement. */
async function planOf(query: LeadListQuery) {
  const { filter, sort, cursor } = parseLeadQuery(query)
  const { sql, params } = sortedListSql(filter, sort, cursor, LEAD_PAGE_SIZE + 1)
  return planOfSql(sql, params)
}

const seqScansOfSubmissions = (plan: PlanNode[]) =>
  plan.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'contact_submissions')

describe(`the lead list's plans on ${DATABASE_TARGET}, over 5,000 applications`, () => {
  it.each<[string, LeadListQuery]>([
    ['the first page', {}],
    ['the spam view', { view: 'spam' }],
    ['a status filter', { status: 'won' }],
    ['a search', { q: 'lovelace1234' }],
    ['a source filter', { source: 'tiktok' }],
    ['the leads with no source', { source: '(direct)' }],
    ['a phone search, spaced', { q: '+1 555 000 1234' }],
    ['the leads sorted by name', { sort: 'name' }],
    ['the leads sorted by status', { sort: 'status' }],
    ['a search sorted by status', { sort: 'status', q: 'lovelace1234' }],
  ])('reads %s through an index, never every application', async (_name, query) => {
    const plan = await planOf(query)
    expect(seqScansOfSubmissions(plan)).toEqual([])
    expect(plan.some((node) => node['Index Name'] !== undefined || node['Node Type'].startsWith('Bitmap'))).toBe(true)
  })

  it.each<[string, LeadListQuery]>([
    ['every lead', {}],
    ['a status', { status: 'won' }],
    ['a source', { source: 'tiktok' }],
  ])('counts %s no further than the cap, however many match', async (_name, query) => {
    const { sql, params } = leadCountSql(parseLeadQuery(query).filter)
    const [aggregate, limit] = await planOfSql(sql, params)
    expect([aggregate?.['Node Type'], limit?.['Node Type']]).toEqual(['Aggregate', 'Limit'])
  })

  it.each([
    ['a rare search', { q: 'lovelace1234' }],
    ['a common search', { q: 'example.com' }],
    ['a search and a source', { q: 'hopper', source: 'tiktok' }],
  ])('reads the matches of %s sorted by status in one pass, never once per status', async (_name, query) => {
    const { sql, params } = searchMatchesSql(parseLeadQuery({ ...query, sort: 'status' }).filter)
    const plan = await planOfSql(sql, params)
    const scans = plan.filter((node) => node['Relation Name'] === 'contact_submissions')
    expect(scans).toHaveLength(1)
    expect(plan.filter((node) => node['Node Type'] === 'Append')).toEqual([])
  })

  it('would notice a search read once per status', async () => {
    // The walk per status that a common search falls back to: one read of the table per branch.
    const { filter } = parseLeadQuery({ sort: 'status', q: 'example.com' })
    const plan = await planOf({ sort: 'status', q: 'example.com' })
    expect(filter.search).toBe('example.com')
    expect(plan.filter((node) => node['Relation Name'] === 'contact_submissions').length).toBeGreaterThan(1)
  })

  it('counts a search no further than its cap, through a limit', async () => {
    const { sql, params } = leadCountSql(parseLeadQuery({ q: 'example.com' }).filter)
    expect(params.at(-1)).toBe(1001)
    const [aggregate, limit] = await planOfSql(sql, params)
    expect([aggregate?.['Node Type'], limit?.['Node Type']]).toEqual(['Aggregate', 'Limit'])
  })

  it("counts the board's columns reading the spam through its index, never every application", async () => {
    const plan = await planOfSql(STATUS_COUNTS_SQL)
    expect(seqScansOfSubmissions(plan)).toEqual([])
    expect(
      plan.some((node) => node['Relation Name'] === 'contact_submissions' && node['Index Name'] !== undefined),
    ).toBe(true)
  })

  it('lists the sources seen reading the source index, never every application', async () => {
    const plan = await planOfSql(LEAD_SOURCES_SQL, [100])
    expect(seqScansOfSubmissions(plan)).toEqual([])
    expect(plan.some((node) => node['Index Name'] === 'contact_submissions_source_idx')).toBe(true)
  })

  it('would notice a sequential scan', async () => {
    // The same check on a statement that must read every row, so the test above can fail.
    const plan = await planOfSql("SELECT * FROM contact_submissions WHERE challenges LIKE '%x%'")
    expect(seqScansOfSubmissions(plan)).toHaveLength(1)
  })
})

describe(`the owner filters' plans on ${DATABASE_TARGET}, over 5,000 applications`, () => {
  let mine = 0
  beforeAll(async () => {
    // A team of five shares the leads, a fifth each; a fifth unassigned (migrations/024).
    const [first] = await temp.db.query<{ id: string }>(
      `INSERT INTO admin_accounts (email) SELECT 'plans-' || g || '@example.com' FROM generate_series(1, 5) g RETURNING id::text`,
    )
    mine = Number(first?.id)
    await temp.db.exec(`UPDATE lead_pipeline SET owner = CASE WHEN application_id % 5 = 0 THEN NULL
      ELSE ${mine} + application_id % 5 - 1 END`)
    await temp.db.exec('ANALYZE')
  })

  it.each<[string, LeadListQuery]>([
    ['Mine', { owner: 'mine' }],
    ['Unassigned', { owner: 'none' }],
    ['Mine with a status', { owner: 'mine', status: 'won' }],
    ['Mine sorted by name', { owner: 'mine', sort: 'name' }],
  ])('reads %s through an index, never every application', async (_name, query) => {
    const { filter, sort, cursor } = parseLeadQuery(query, 'UTC', mine)
    const { sql, params } = sortedListSql(filter, sort, cursor, LEAD_PAGE_SIZE + 1)
    const plan = await planOfSql(sql, params)
    expect(seqScansOfSubmissions(plan)).toEqual([])
    expect(plan.some((node) => node['Index Name'] !== undefined)).toBe(true)
  })

  it.each<[string, LeadListQuery]>([
    ['Mine', { owner: 'mine' }],
    ['Unassigned', { owner: 'none' }],
  ])(
    'walks the owner index for %s in the list’s order, with no sort, and counts no further than the cap',
    async (_name, query) => {
      const { filter, sort, cursor } = parseLeadQuery(query, 'UTC', mine)
      const { sql, params } = sortedListSql(filter, sort, cursor, LEAD_PAGE_SIZE + 1)
      const plan = await planOfSql(sql, params)
      expect(plan.some((node) => node['Index Name'] === 'lead_pipeline_owner_idx')).toBe(true)
      // The call's subquery sorts a lead's few bookings; the page itself is not sorted.
      expect(
        plan.filter(
          (node) => node['Node Type'] === 'Sort' && (node['Sort Key'] ?? []).some((key) => key.includes('received_at')),
        ),
      ).toEqual([])
      const count = leadCountSql(filter)
      const counted = await planOfSql(count.sql, count.params)
      expect([counted[0]?.['Node Type'], counted[1]?.['Node Type']]).toEqual(['Aggregate', 'Limit'])
    },
  )
})
