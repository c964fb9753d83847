import { useIsMutating, useQuery } from '@tanstack/react-query'
import { LIVE_POLL_MS, type NewLeadCount } from '../../../common/live-api.ts'
import { inboxFetchLive } from './inbox-fetch.ts'
import { LEADS_KEY } from './session-key.ts'

/** Kept under LEADS_KEY: any change to a lead has it read again, and signing out forgets it. */
export const NEW_COUNT_KEY = [...LEADS_KEY, 'new-count'] as const

/**
 * How a screen reads its data again so that a teammate's changes and new leads
 * show within seconds (docs/decisions/030-live-inbox.md): every LIVE_POLL_MS
 * while the tab is visible, never in a background tab. Not while a change of
 * this inbox is on its way (a read then could answer what it replaces and undo
 * what the screen shows), nor while `paused` (a card is being dragged).
 */
export function useLivePolling(paused = false) {
  const changing = useIsMutating() > 0
  return { refetchInterval: paused || changing ? false : LIVE_POLL_MS, refetchIntervalInBackground: false } as const
}

/** How many leads the signed-in account has not opened, up to NEW_COUNT_CAP. */
export function useNewLeadCount() {
  return useQuery({
    queryKey: NEW_COUNT_KEY,
    queryFn: () => inboxFetchLive<NewLeadCount>('/leads/new-count'),
    ...useLivePolling(),
  })
}
