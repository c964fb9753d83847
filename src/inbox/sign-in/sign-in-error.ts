import { INSECURE_TRANSPORT, TOTP_REQUIRED } from '../../../common/session-api.ts'
import { AdminApiError } from '../api/inbox-fetch.ts'

export type SignInProblem = 'wrong' | 'code' | 'insecure' | 'too-many' | 'failed'

/** What a failed sign-in means for the form. */
export function signInProblem(error: unknown): SignInProblem {
  if (!(error instanceof AdminApiError)) return 'failed'
  if (error.code === TOTP_REQUIRED) return 'code'
  // The server refuses passwords over plain HTTP from anywhere but this machine.
  if (error.code === INSECURE_TRANSPORT) return 'insecure'
  if (error.status === 429) return 'too-many'
  if (error.status === 401) return 'wrong'
  return 'failed'
}
