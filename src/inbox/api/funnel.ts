import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { FunnelQuery } from '../../../common/admin-api-schema.ts'
import { ADMIN_API_PATH } from '../../../common/admin-api.ts'
import type { Funnel } from '../../../common/funnel-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'

// Under the leads' key: what one account read is forgotten with them when it signs out.
const FUNNEL_KEY = [...LEADS_KEY, 'funnel'] as const

/** The query string of a funnel request: only what is set. */
export function funnelQueryString(query: FunnelQuery) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

export function useFunnel(query: FunnelQuery) {
  return useQuery({
    queryKey: [...FUNNEL_KEY, query],
    queryFn: () => inboxFetch<Funnel>(`/funnel${funnelQueryString(query)}`),
    // The figures shown stay while another range loads, so the screen does not jump.
    placeholderData: keepPreviousData,
  })
}

/** The same figures as a CSV attachment. */
export const funnelCsvPath = (query: FunnelQuery) => `${ADMIN_API_PATH}/funnel.csv${funnelQueryString(query)}`
