import type { Queryable } from '../db/database.ts'

/** One node of EXPLAIN (FORMAT JSON)'s plan, with what the plan tests read of it. */
export interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  /** A Sort's keys, as the database writes them. */
  'Sort Key'?: string[]
  Plans?: PlanNode[]
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)]

/**
 * Every node of the plan the database chooses for `sql`, flattened. PGlite
 * answers the JSON plan parsed, PostgreSQL's driver as text: both are read.
 */
export async function planNodes(db: Queryable, sql: string, params: unknown[] = []): Promise<PlanNode[]> {
  const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (FORMAT JSON) ${sql}`, params)
  const plan = row?.['QUERY PLAN']
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }]
  return nodes(parsed[0].Plan)
}
