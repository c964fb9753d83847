import { adminCopy } from '../content/admin-copy.ts'
import { adminPaths } from '../paths.ts'
import { AdminLink } from './admin-link.tsx'
import { PageTitle } from './page-title.tsx'

export function NotFound() {
  return (
    <>
      <PageTitle>{adminCopy.notFound.title}</PageTitle>
      <p className="mt-2">{adminCopy.notFound.body}</p>
      <AdminLink href={adminPaths.leads} className="mt-4 inline-block font-semibold underline underline-offset-4">
        {adminCopy.notFound.back}
      </AdminLink>
    </>
  )
}
