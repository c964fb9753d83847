import type { LeadListQuery } from '../../common/admin-api-schema.ts'
import type { LeadPage, LeadSummary } from '../../common/lead-list-api.ts'

/**
 * Every page of `query`, `pageSize` a page, following nextCursor: the leads in
 * the order they came. Throws past 100 pages, a cursor that never ends.
 */
export async function everyPage(
  list: (query: LeadListQuery, pageSize: number) => Promise<LeadPage>,
  query: LeadListQuery,
  pageSize: number,
): Promise<LeadSummary[]> {
  const seen: LeadSummary[] = []
  let cursor: string | undefined
  for (let pages = 0; pages < 100; pages++) {
    const page = await list({ ...query, ...(cursor === undefined ? {} : { cursor }) }, pageSize)
    seen.push(...page.leads)
    if (page.nextCursor === undefined) return seen
    cursor = page.nextCursor
  }
  throw new Error('more than 100 pages')
}
