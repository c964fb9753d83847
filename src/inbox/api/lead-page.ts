import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import type { LeadNeighbours } from '../../../common/lead-page-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { fetchLead, leadKey, leadQueryString } from './leads.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

/** The leads above and below this one in the list of `filters` (GET /api/admin/leads/:id/neighbours). */
export function useLeadNeighbours(id: number, filters: LeadListQuery) {
  return useQuery({
    queryKey: [...LEADS_KEY, 'neighbours', id, filters],
    queryFn: () => inboxFetch<LeadNeighbours>(`/leads/${id}/neighbours${leadQueryString(filters)}`),
  })
}

// The outbox sends a resent notification on its next round, about a second later; a slow channel retries for longer.
const FOLLOW_EVERY_MS = 1000
const FOLLOW_FOR = 30

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Reads the lead again until the resent delivery is no longer pending, so its
 * panel shows what became of it rather than the "Pending" of the moment it was
 * queued; it stops when nobody shows the lead any more.
 */
async function followDelivery(queryClient: QueryClient, leadId: number, deliveryId: number) {
  const queryKey = leadKey(leadId)
  for (let round = 0; round < FOLLOW_FOR; round++) {
    await wait(FOLLOW_EVERY_MS)
    if (!queryClient.getQueryCache().find({ queryKey })?.getObserversCount()) return
    const lead = await queryClient
      .fetchQuery({ queryKey, queryFn: () => fetchLead(leadId), staleTime: 0 })
      .catch(() => undefined)
    if (lead?.deliveries.find((delivery) => delivery.id === deliveryId)?.state !== 'pending') return
  }
}

/** Queues a notification of lead `leadId` again, then follows it until it has been sent or has failed. */
export function useResendDelivery(leadId: number) {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (deliveryId: number) =>
      inboxFetch<unknown>(`/deliveries/${deliveryId}/resend`, { method: 'POST', csrfToken }),
    onSuccess: (_answer, deliveryId) => void followDelivery(queryClient, leadId, deliveryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}
