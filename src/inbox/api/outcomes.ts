import { useQuery } from '@tanstack/react-query'
import type { LeadCount } from '../../../common/lead-list-api.ts'
import { LEAD_COUNT_PATH } from '../../../common/lead-list-api.ts'
import {
  OUTCOME_SETTINGS_PATH,
  type LeadOutcome,
  type OutcomeInput,
  type OutcomeSettings,
} from '../../../common/lead-outcome-api.ts'
import { inboxFetch, inboxFetchLive } from './inbox-fetch.ts'
import { useLeadChange } from './leads.ts'
import { useLivePolling } from './live.ts'
import { LEADS_KEY } from './session-key.ts'

/** CURRENCY and LOST_REASONS, as the server was started with: read once a session. */
export function useOutcomeSettings() {
  return useQuery({
    queryKey: ['outcome-settings'],
    queryFn: () => inboxFetch<OutcomeSettings>(OUTCOME_SETTINGS_PATH),
    staleTime: Infinity,
  })
}

/** Records an outcome of lead `id`; every list and lead is read again after it. */
export const useEnterOutcome = () =>
  useLeadChange(({ id, input }: { id: number; input: OutcomeInput }, csrfToken) =>
    inboxFetch<LeadOutcome>(`/leads/${id}/outcome`, { method: 'POST', body: input, csrfToken }),
  )

/** How many leads are to chase, for the nav; live, and read again after any change to a lead. */
export function useChaseCount() {
  return useQuery({
    queryKey: [...LEADS_KEY, 'chase-count'],
    queryFn: () => inboxFetchLive<LeadCount>(`${LEAD_COUNT_PATH}?status=to_chase`),
    ...useLivePolling(),
  })
}
