import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AwaitingLeads, UnmatchedBooking } from '../../../common/booking-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

const UNMATCHED_KEY = ['bookings', 'unmatched'] as const

export const useAwaitingLeads = () =>
  useQuery({ queryKey: ['bookings', 'awaiting'], queryFn: () => inboxFetch<AwaitingLeads>('/bookings/awaiting') })

export const useUnmatchedBookings = () =>
  useQuery({ queryKey: UNMATCHED_KEY, queryFn: () => inboxFetch<UnmatchedBooking[]>('/bookings/unmatched') })

/** Links a booking no lead matched to a lead; the unmatched list and every lead are read again after it. */
export function useLinkBooking() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: ({ bookingId, leadId }: { bookingId: number; leadId: number }) =>
      inboxFetch<unknown>(`/bookings/${bookingId}/link`, { method: 'POST', body: { leadId }, csrfToken }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: UNMATCHED_KEY })
      await queryClient.invalidateQueries({ queryKey: LEADS_KEY })
    },
  })
}
