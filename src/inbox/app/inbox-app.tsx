import { SETUP_PAGE_PATH } from '../../../common/account-api.ts'
import { SetupPage } from '../account/setup-page.tsx'
import { useSession } from '../api/session.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { useLocation } from '../router/use-location.ts'
import { SignInPage } from '../sign-in/sign-in-page.tsx'
import { setInboxTimeZone } from '../ui/format.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { InboxShell } from './inbox-shell.tsx'

/** The sign-in page for nobody, the inbox for an account; a teammate's set-up link for either. */
export function InboxApp() {
  const session = useSession()
  const { path } = useLocation()
  if (path === SETUP_PAGE_PATH) return <SetupPage />
  if (session.isPending) return <p className="p-6">{inboxCopy.loading}</p>
  if (session.isError) return <LoadFailed error={session.error} onRetry={() => void session.refetch()} />
  if (!session.data) return <SignInPage />
  // Before any screen formats a time: every one is shown in the agency's zone.
  setInboxTimeZone(session.data.timeZone)
  return <InboxShell />
}
