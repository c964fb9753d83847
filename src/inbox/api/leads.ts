import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import type { ErasureResult } from '../../../common/erasure-api.ts'
import { LEAD_COUNT_PATH, type LeadCount, type LeadPage } from '../../../common/lead-list-api.ts'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import type { LeadStatus } from '../../../common/lead-status.ts'
import { OPENED_PATH } from '../../../common/live-api.ts'
import { inboxFetch, inboxFetchLive } from './inbox-fetch.ts'
import { useLivePolling } from './live.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

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
    queryFn: () => inboxFetchLive<LeadPage>(`/leads${leadQueryString(query)}`),
    // The rows of the last page stay while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
    ...useLivePolling(),
  })
}

/** How many leads the list's filters match, read apart from its pages and live like them; the sort and the page do not change it. */
export function useLeadCount(query: LeadListQuery) {
  const filters = { ...query, cursor: undefined, sort: undefined }
  return useQuery({
    queryKey: [...LEADS_KEY, 'count', filters],
    queryFn: () => inboxFetchLive<LeadCount>(`${LEAD_COUNT_PATH}${leadQueryString(filters)}`),
    placeholderData: keepPreviousData,
    ...useLivePolling(),
  })
}

/** Lead `id` as the server has it now; answered from memory when it has not changed since the last read. */
export const fetchLead = (id: number) => inboxFetchLive<LeadDetail>(`/leads/${id}`)

/** Lead `id` for its page, read live; showing it there is opening it, which ends its "New" marker for this account. */
export function useLead(id: number) {
  const lead = useQuery({ queryKey: leadKey(id), queryFn: () => fetchLead(id), ...useLivePolling() })
  useMarkOpened(id, lead.data?.isNew === true)
  return lead
}

/**
 * Tells the server once that lead `id`, new to this account, is open
 * (POST /leads/:id/opened, common/live-api.ts), then drops its marker on the
 * page at once and has the lists, the board and the nav's count read again.
 */
function useMarkOpened(id: number, isNew: boolean) {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  const { mutate } = useMutation({
    mutationFn: () => inboxFetch<unknown>(OPENED_PATH(id), { method: 'POST', csrfToken }),
    onSuccess: () => {
      queryClient.setQueryData<LeadDetail>(leadKey(id), (lead) => lead && { ...lead, isNew: false })
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY, predicate: (query) => query.queryKey[1] !== 'detail' })
    },
  })
  useEffect(() => {
    if (isNew) mutate()
  }, [id, isNew, mutate])
}

/** A change to leads: it sends the session's token, and every list and lead is read again after it. */
export function useLeadChange<Input, Output>(request: (input: Input, csrfToken: string) => Promise<Output>) {
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
  useLeadChange((id: number, csrfToken) =>
    inboxFetch<LeadDetail>(`/leads/${id}/not-spam`, { method: 'POST', csrfToken }),
  )

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
  useLeadChange((email: string, csrfToken) =>
    inboxFetch<ErasureResult>('/erasure', { method: 'POST', body: { email }, csrfToken }),
  )
