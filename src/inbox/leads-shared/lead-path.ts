import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { leadQueryString } from '../api/leads.ts'
import { adminPaths } from '../router/paths.ts'

/** The list's filters without its page: what a lead's page carries, so its neighbours and the way back keep them. */
export const filtersOf = (query: LeadListQuery): LeadListQuery => ({ ...query, cursor: undefined })

/** A lead's page, opened from a list with these filters. */
export const leadPath = (id: number, query: LeadListQuery) =>
  `${adminPaths.lead(id)}${leadQueryString(filtersOf(query))}`
