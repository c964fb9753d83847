import type { FunnelQuery } from '../../../common/admin-api-schema.ts'
import { funnelRange } from '../../../common/funnel.ts'
import { funnelQueryString } from '../api/funnel.ts'
import { adminPaths } from '../router/paths.ts'

const text = (params: URLSearchParams, name: string) => params.get(name)?.trim() || undefined

/** The range and source the address asks for, a missing date filled in as the server would. */
export function funnelQueryFrom(params: URLSearchParams, now = new Date()): FunnelQuery & { from: string; to: string } {
  return { ...funnelRange({ from: text(params, 'from'), to: text(params, 'to') }, now), source: text(params, 'source') }
}

/** The address of the Funnel screen for a query. */
export const funnelPath = (query: FunnelQuery) => `${adminPaths.funnel}${funnelQueryString(query)}`
