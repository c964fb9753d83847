import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminSession } from '../../../common/admin-api.ts'
import { adminFetch } from './admin-fetch.ts'
import { useSignedIn } from './session.ts'
import { SESSION_KEY } from './session-key.ts'

/** A new secret, not yet in force: the QR code (an SVG document) and the same secret in base32. */
export interface TotpSetup {
  secret: string
  qrSvg: string
}

export interface TotpEnabled {
  backupCodes: string[]
}

export function useStartTotp() {
  const { csrfToken } = useSignedIn()
  return useMutation({ mutationFn: () => adminFetch<TotpSetup>('/totp/setup', { method: 'POST', csrfToken }) })
}

export function useConfirmTotp() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: (code: string) => adminFetch<TotpEnabled>('/totp/confirm', { method: 'POST', body: { code }, csrfToken }),
    onSuccess: () =>
      queryClient.setQueryData<AdminSession | null>(SESSION_KEY, (session) => session && { ...session, totpEnabled: true }),
  })
}
