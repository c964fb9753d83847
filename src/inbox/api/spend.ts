import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  SPEND_IMPORT_PATH,
  SPEND_PATH,
  type SpendEntry,
  type SpendImportResult,
  type SpendInput,
  type SpendList,
} from '../../../common/spend-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

// Under the leads' key: forgotten with them on signing out, and the Funnel's money table is read again after a change.
const SPEND_KEY = [...LEADS_KEY, 'spend'] as const

/** The spend entries whose day falls in the range, newest first. */
export const useSpend = (range: { from: string; to: string }) =>
  useQuery({
    queryKey: [...SPEND_KEY, range],
    queryFn: () => inboxFetch<SpendList>(`${SPEND_PATH}?from=${range.from}&to=${range.to}`),
  })

/** A change to spend: it sends the session's token; every list and figure is read again after it. */
function useSpendChange<Input, Output>(request: (input: Input, csrfToken: string) => Promise<Output>) {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (input: Input) => request(input, csrfToken),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}

export const useEnterSpend = () =>
  useSpendChange((input: SpendInput, csrfToken) =>
    inboxFetch<SpendEntry>(SPEND_PATH, { method: 'POST', body: input, csrfToken }),
  )

export const useDeleteSpend = () =>
  useSpendChange((id: number, csrfToken) => inboxFetch<unknown>(`${SPEND_PATH}/${id}`, { method: 'DELETE', csrfToken }))

export const useImportSpend = () =>
  useSpendChange((csv: string, csrfToken) =>
    inboxFetch<SpendImportResult>(SPEND_IMPORT_PATH, { method: 'POST', body: { csv }, csrfToken }),
  )
