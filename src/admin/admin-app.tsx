import { useSession } from './api/session.ts'
import { adminCopy } from './content/admin-copy.ts'
import { AdminShell } from './shell/admin-shell.tsx'
import { LoadFailed } from './shell/load-failed.tsx'
import { SignInPage } from './sign-in/sign-in-page.tsx'

/** The sign-in page for nobody, the inbox for an account. */
export function AdminApp() {
  const session = useSession()
  if (session.isPending) return <p className="p-6">{adminCopy.loading}</p>
  if (session.isError) return <LoadFailed onRetry={() => void session.refetch()} />
  return session.data ? <AdminShell /> : <SignInPage />
}
