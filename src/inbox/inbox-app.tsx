import { useSession } from './api/session.ts'
import { inboxCopy } from './content/inbox-copy.ts'
import { InboxShell } from './shell/inbox-shell.tsx'
import { LoadFailed } from './shell/load-failed.tsx'
import { SignInPage } from './sign-in/sign-in-page.tsx'

/** The sign-in page for nobody, the inbox for an account. */
export function InboxApp() {
  const session = useSession()
  if (session.isPending) return <p className="p-6">{inboxCopy.loading}</p>
  if (session.isError) return <LoadFailed onRetry={() => void session.refetch()} />
  return session.data ? <InboxShell /> : <SignInPage />
}
