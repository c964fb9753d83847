import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ADMIN_API_PATH } from '../../../common/admin-api.ts'
import { FUNNEL_SOURCES_PATH, type FunnelSources, type FunnelTouch } from '../../../common/funnel-sources-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'

/** What the money table asks for: the range, the touch, and how far it is drilled (source, then campaign). */
export interface MoneyQuery {
  from: string
  to: string
  touch: FunnelTouch
  source?: string | undefined
  paid?: boolean | undefined
  campaign?: string | undefined
}

/** The query string of a money-table request: only what is set. */
export function moneyQueryString(query: MoneyQuery) {
  const params = new URLSearchParams({ from: query.from, to: query.to, touch: query.touch })
  if (query.source !== undefined && query.paid !== undefined) {
    params.set('source', query.source)
    params.set('paid', String(query.paid))
    if (query.campaign !== undefined) params.set('campaign', query.campaign)
  }
  return `?${params.toString()}`
}

// Under the leads' key: read again after any change to leads, outcomes or spend, and forgotten on signing out.
export function useFunnelSources(query: MoneyQuery) {
  return useQuery({
    queryKey: [...LEADS_KEY, 'funnel-sources', query],
    queryFn: () => inboxFetch<FunnelSources>(`${FUNNEL_SOURCES_PATH}${moneyQueryString(query)}`),
    placeholderData: keepPreviousData,
  })
}

/** The same table as a CSV attachment. */
export const funnelSourcesCsvPath = (query: MoneyQuery) =>
  `${ADMIN_API_PATH}${FUNNEL_SOURCES_PATH}.csv${moneyQueryString(query)}`
