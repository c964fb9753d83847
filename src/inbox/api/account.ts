import { useMutation } from '@tanstack/react-query'
import type { PasswordChange } from '../../../common/account-api-schema.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { useSignedIn } from './session.ts'

/** Changes the signed-in account's password; the server signs out its other sessions. */
export function useChangePassword() {
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      inboxFetch<undefined>('/account/password', { method: 'POST', body, csrfToken }),
  })
}
