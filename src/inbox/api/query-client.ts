import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { AdminApiError, isUnauthorized } from './inbox-fetch.ts'
import { SESSION_KEY } from './session-key.ts'

/**
 * The inbox's cache. A 401 on any call means the session ended (signed out
 * elsewhere, or expired): forget it, and the inbox shows the sign-in page.
 */
export function createInboxQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endSessionOn401(error) }),
    mutationCache: new MutationCache({ onError: (error) => endSessionOn401(error) }),
    defaultOptions: {
      // A refusal (4xx) will not change by asking again; a lost connection or a 5xx may.
      queries: {
        retry: (count, error) => !(error instanceof AdminApiError && error.status < 500) && count < 2,
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
    },
  })
  const endSessionOn401 = (error: unknown) => {
    if (isUnauthorized(error)) client.setQueryData(SESSION_KEY, null)
  }
  return client
}
