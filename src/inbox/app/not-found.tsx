import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { PageTitle } from '../ui/page-title.tsx'

export function NotFound() {
  return (
    <>
      <PageTitle>{inboxCopy.notFound.title}</PageTitle>
      <p className="mt-2">{inboxCopy.notFound.body}</p>
      <InboxLink href={adminPaths.leads} className="mt-4 inline-block font-semibold underline underline-offset-4">
        {inboxCopy.notFound.back}
      </InboxLink>
    </>
  )
}
