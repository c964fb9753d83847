import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SetupPassword, TeammateAdd } from '../../../common/account-api-schema.ts'
import type { SetupDone, SetupLinkInfo, TeamList, TeammateAdded } from '../../../common/account-api.ts'
import { teammateNewLeadsPath } from '../../../common/owner-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { SESSION_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

const TEAM_KEY = ['admin-teammates'] as const

export function useTeam() {
  return useQuery({ queryKey: TEAM_KEY, queryFn: () => inboxFetch<TeamList>('/teammates') })
}

export function useAddTeammate() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (body: TeammateAdd) => inboxFetch<TeammateAdded>('/teammates', { method: 'POST', body, csrfToken }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  })
}

export function useRemoveTeammate() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (id: number) => inboxFetch<undefined>(`/teammates/${id}`, { method: 'DELETE', csrfToken }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  })
}

/** Whose account a set-up link is for; an answer other than 2xx says why it works no more. */
export function useSetupLink(token: string) {
  return useQuery({
    queryKey: ['admin-setup-link', token],
    queryFn: () => inboxFetch<SetupLinkInfo>('/setup-link', { method: 'POST', body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  })
}

/** Chooses the password through the link; signed in at once when the server could set the cookie. */
export function useSetupPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SetupPassword) => inboxFetch<SetupDone>('/setup-link/password', { method: 'POST', body }),
    onSuccess: (done) => {
      if (done.session) queryClient.setQueryData(SESSION_KEY, done.session)
    },
  })
}

/** The owner's choice of who gets new leads in turn. */
export function useTakesNewLeads() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: ({ id, takesNewLeads }: { id: number; takesNewLeads: boolean }) =>
      inboxFetch<undefined>(teammateNewLeadsPath(id), { method: 'PUT', body: { takesNewLeads }, csrfToken }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  })
}
