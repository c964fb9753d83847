import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../../common/admin-api.ts'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import {
  BULK_OWNER_PATH,
  leadOwnerPath,
  leadTouchedPath,
  type BulkOwnerResult,
  type TouchVia,
} from '../../../common/owner-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { leadKey } from './leads.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

/** Gives lead `id` to an account (null: nobody); its page shows the answer at once, and every list is read again. */
export function useChangeOwner() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: ({ id, owner }: { id: number; owner: number | null }) =>
      inboxFetch<LeadDetail>(leadOwnerPath(id), { method: 'PUT', body: { owner }, csrfToken }),
    onSuccess: (lead) => queryClient.setQueryData(leadKey(lead.id), lead),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}

/** Gives every selected lead to one account (null: nobody), in one request. */
export function useBulkOwner() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: ({ ids, owner }: { ids: number[]; owner: number | null }) =>
      inboxFetch<BulkOwnerResult>(BULK_OWNER_PATH, { method: 'POST', body: { ids, owner }, csrfToken }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}

/**
 * Says that lead `id`'s call or email link was tapped: it is then new to
 * nobody. keepalive, so the request outlives the page when the link hands
 * over to the phone or the mail app; nothing waits for it, and a failure
 * changes nothing on the page.
 */
export function touchLead(id: number, via: TouchVia, csrfToken: string): void {
  void fetch(`${ADMIN_API_PATH}${leadTouchedPath(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrfToken },
    credentials: 'same-origin',
    body: JSON.stringify({ via }),
    keepalive: true,
  }).catch(() => undefined)
}
