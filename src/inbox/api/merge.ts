import { useMutation, useQueryClient, type Query } from '@tanstack/react-query'
import { mergePath, type LeadMergeResult } from '../../../common/merge-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

// A lead's own queries name it right after their kind: [...LEADS_KEY, 'detail' | 'neighbours', id, …].
const namesLead = (id: number) => (query: Query) => query.queryKey[LEADS_KEY.length + 1] === id

/**
 * Merges two leads (POST /leads/:id/merge). `onMerged` runs first (the page moves to the survivor); then the
 * merged lead's queries are dropped, never read again (it is gone: each read would be a 404), and the rest are.
 */
export function useMergeLeads(onMerged: (result: LeadMergeResult) => void) {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: ({ id, other }: { id: number; other: number }) =>
      inboxFetch<LeadMergeResult>(mergePath(id), { method: 'POST', body: { with: other }, csrfToken }),
    onSuccess: (result) => {
      onMerged(result)
      queryClient.removeQueries({ queryKey: LEADS_KEY, predicate: namesLead(result.mergedId) })
      return queryClient.invalidateQueries({
        queryKey: LEADS_KEY,
        predicate: (query) => !namesLead(result.mergedId)(query),
      })
    },
    onError: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}
