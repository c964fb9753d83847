import { useMutation, useQueryClient } from '@tanstack/react-query'
import { mergePath, type LeadMergeResult } from '../../../common/merge-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { leadKey } from './leads.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

/** Merges two leads (POST /leads/:id/merge); the merged one is dropped, not read again, as it is gone. */
export function useMergeLeads() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: ({ id, other }: { id: number; other: number }) =>
      inboxFetch<LeadMergeResult>(mergePath(id), { method: 'POST', body: { with: other }, csrfToken }),
    onSuccess: ({ mergedId }) => queryClient.removeQueries({ queryKey: leadKey(mergedId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}
