import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ErasureResult, LeadDetail, LeadPage, LeadStatus } from '../../../common/admin-api.ts'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { useSignedIn } from './session.ts'
import { LEADS_KEY } from './session-key.ts'

export const leadKey = (id: number) => [...LEADS_KEY, 'detail', id] as const

/** The query string of a list (or export) request: only the filters that are set. */
export function leadQueryString(query: LeadListQuery, extra: Record<string, string> = {}) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...query, ...extra })) {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

export function useLeadPage(query: LeadListQuery) {
  return useQuery({
    queryKey: [...LEADS_KEY, 'list', query],
    queryFn: () => inboxFetch<LeadPage>(`/leads${leadQueryString(query)}`),
    // The rows of the last page stay while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  })
}

export const fetchLead = (id: number) => inboxFetch<LeadDetail>(`/leads/${id}`)

export function useLead(id: number) {
  return useQuery({ queryKey: leadKey(id), queryFn: () => fetchLead(id) })
}

/** A change to leads: it sends the session's token, and every list and lead is read again after it. */
function useLeadChange<Input, Output>(request: (input: Input, csrfToken: string) => Promise<Output>) {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (input: Input) => request(input, csrfToken),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}

export const useChangeStatus = () =>
  useLeadChange(({ id, status }: { id: number; status: LeadStatus }, csrfToken) =>
    inboxFetch<unknown>(`/leads/${id}`, { method: 'PATCH', body: { status }, csrfToken }),
  )

export const useMarkNotSpam = () =>
  useLeadChange((id: number, csrfToken) => inboxFetch<LeadDetail>(`/leads/${id}/not-spam`, { method: 'POST', csrfToken }))

export const useAddNote = () =>
  useLeadChange(({ id, body }: { id: number; body: string }, csrfToken) =>
    inboxFetch<unknown>(`/leads/${id}/notes`, { method: 'POST', body: { body }, csrfToken }),
  )

export function useEraseLead() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (id: number) => inboxFetch<unknown>(`/leads/${id}`, { method: 'DELETE', csrfToken }),
    // Dropped, not read again: the lead is gone and asking for it would only get a 404.
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: leadKey(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...LEADS_KEY, 'list'] }),
  })
}

export const useEraseByEmail = () =>
  useLeadChange((email: string, csrfToken) => inboxFetch<ErasureResult>('/erasure', { method: 'POST', body: { email }, csrfToken }))
