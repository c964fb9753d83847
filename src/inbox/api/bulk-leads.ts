import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ErasureResult } from '../../../common/erasure-api.ts'
import {
  BULK_ERASE_PATH,
  BULK_NOT_SPAM_PATH,
  BULK_STATUS_PATH,
  type BulkNotSpamResult,
  type BulkStatusResult,
} from '../../../common/lead-list-api.ts'
import type { LeadStatus } from '../../../common/lead-status.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

/** A change to many leads in one request, with the session's token; every list and lead is read again after it. */
function useBulkChange<Input, Output>(request: (input: Input, csrfToken: string) => Promise<Output>) {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (input: Input) => request(input, csrfToken),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
  })
}

export const useBulkStatus = () =>
  useBulkChange(({ ids, status }: { ids: number[]; status: LeadStatus }, csrfToken) =>
    inboxFetch<BulkStatusResult>(BULK_STATUS_PATH, { method: 'POST', body: { ids, status }, csrfToken }),
  )

export const useBulkErase = () =>
  useBulkChange((ids: number[], csrfToken) =>
    inboxFetch<ErasureResult>(BULK_ERASE_PATH, { method: 'POST', body: { ids }, csrfToken }),
  )

export const useBulkNotSpam = () =>
  useBulkChange((ids: number[], csrfToken) =>
    inboxFetch<BulkNotSpamResult>(BULK_NOT_SPAM_PATH, { method: 'POST', body: { ids }, csrfToken }),
  )
