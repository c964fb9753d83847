import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdPlatform } from '../../../common/ad-conversions.ts'
import {
  CONVERSION_PLATFORMS_PATH,
  leadConversionsPath,
  resendConversionPath,
  testEventPath,
  type LeadConversionView,
  type PlatformStatus,
  type TestEventAnswer,
} from '../../../common/conversions-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

// Under the leads' key: forgotten with them on signing out.
const PLATFORMS_KEY = [...LEADS_KEY, 'conversion-platforms'] as const
const leadConversionsKey = (leadId: number) => [...LEADS_KEY, 'conversions', leadId] as const

// A pause happens while nobody looks: the banner reads the platforms again every minute.
const PLATFORMS_EVERY_MS = 60_000
// A row still going is sent on the worker's next round, about a second later.
const FOLLOW_EVERY_MS = 2_000

const going = (rows: readonly LeadConversionView[] | undefined) =>
  rows?.some((row) => row.state === 'pending' || row.state === 'retrying') ?? false

/** Each ad platform: configured, last success and error, paused. */
export const usePlatformStatuses = () =>
  useQuery({
    queryKey: PLATFORMS_KEY,
    queryFn: () => inboxFetch<PlatformStatus[]>(CONVERSION_PLATFORMS_PATH),
    refetchInterval: PLATFORMS_EVERY_MS,
  })

/** A lead's conversions, read again while one is still going, so a resent one is seen sent. */
export const useLeadConversions = (leadId: number) =>
  useQuery({
    queryKey: leadConversionsKey(leadId),
    queryFn: () => inboxFetch<LeadConversionView[]>(leadConversionsPath(leadId)),
    refetchInterval: (query) => (going(query.state.data) ? FOLLOW_EVERY_MS : false),
  })

/** Sends a failed conversion again, under the same id; the lead's rows are read again after. */
export function useResendConversion(leadId: number) {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (conversionId: number) =>
      inboxFetch<unknown>(resendConversionPath(conversionId), { method: 'POST', csrfToken }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadConversionsKey(leadId) }),
  })
}

/** One test event to a platform; what became of it is the answer. */
export function useSendTestEvent() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (platform: AdPlatform) =>
      inboxFetch<TestEventAnswer>(testEventPath(platform), { method: 'POST', csrfToken }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLATFORMS_KEY }),
  })
}
