import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TotpDisable, TotpEnable } from '../../../common/admin-api-schema.ts'
import type { AdminSession, TotpEnabled, TotpSetup } from '../../../common/session-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { SESSION_KEY } from './session-key.ts'
import { useSignedIn } from './session.ts'

export function useStartTotp() {
  const { csrfToken } = useSignedIn()
  return useMutation({ mutationFn: () => inboxFetch<TotpSetup>('/totp/setup', { method: 'POST', csrfToken }) })
}

export function useEnableTotp() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (body: TotpEnable) => inboxFetch<TotpEnabled>('/totp/enable', { method: 'POST', body, csrfToken }),
    onSuccess: () =>
      queryClient.setQueryData<AdminSession | null>(
        SESSION_KEY,
        (session) => session && { ...session, totpEnabled: true },
      ),
  })
}

export function useDisableTotp() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (body: TotpDisable) => inboxFetch<undefined>('/totp/disable', { method: 'POST', body, csrfToken }),
    onSuccess: () =>
      queryClient.setQueryData<AdminSession | null>(
        SESSION_KEY,
        (session) => session && { ...session, totpEnabled: false },
      ),
  })
}
