import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { SignIn } from '../../../common/admin-api-schema.ts'
import type { AdminSession, AdminSetup } from '../../../common/session-api.ts'
import { forgetLastAnswers, inboxFetch, isUnauthorized } from './inbox-fetch.ts'
import { LEADS_KEY, SESSION_KEY } from './session-key.ts'

async function fetchSession(): Promise<AdminSession | null> {
  try {
    return await inboxFetch<AdminSession>('/session')
  } catch (error) {
    if (isUnauthorized(error)) return null
    throw error
  }
}

/** Who is signed in: null for nobody, undefined while the server has not said. */
export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity })
}

/** The signed-in session; only screens shown behind the sign-in page use it. */
export function useSignedIn(): AdminSession {
  const { data } = useSession()
  if (!data) throw new Error('No session: this screen is shown only when signed in.')
  return data
}

/** What the sign-in page must know first: whether this connection can carry a session at all. */
export function useSetup() {
  return useQuery({ queryKey: ['admin-setup'], queryFn: () => inboxFetch<AdminSetup>('/setup'), staleTime: Infinity })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (credentials: SignIn) => inboxFetch<AdminSession>('/session', { method: 'POST', body: credentials }),
    onSuccess: (session) => {
      queryClient.setQueryData(SESSION_KEY, session)
      forgetLeads(queryClient)
    },
  })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: () => inboxFetch<unknown>('/session', { method: 'DELETE', csrfToken }),
    // Whatever the server answered, this tab keeps nothing of the session.
    onSettled: () => {
      queryClient.setQueryData(SESSION_KEY, null)
      forgetLeads(queryClient)
    },
  })
}

/**
 * What one account read is not shown to the next. The session's own entry is
 * set, never removed: the screens watch it to choose between sign-in and inbox.
 */
const forgetLeads = (queryClient: QueryClient) => {
  queryClient.removeQueries({ queryKey: LEADS_KEY })
  forgetLastAnswers()
}
