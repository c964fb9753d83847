import { useQuery } from '@tanstack/react-query'
import type { LeadSources } from '../../../common/lead-sources-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'

/** The sources the leads came from (the Source filter's choices); read again with the lists after any change to leads. */
export const useLeadSources = () =>
  useQuery({
    queryKey: [...LEADS_KEY, 'sources'],
    queryFn: () => inboxFetch<LeadSources>('/leads/sources'),
    staleTime: 60_000,
  })
