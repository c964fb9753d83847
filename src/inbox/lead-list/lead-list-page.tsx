import { useState } from 'react'
import { useLeadPage } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { LoadFailed } from '../shell/load-failed.tsx'
import { Notice } from '../shell/notice.tsx'
import { PageTitle } from '../shell/page-title.tsx'
import { ExportDialog } from './export-dialog.tsx'
import { LeadCards } from './lead-cards.tsx'
import { LeadFilterForm } from './lead-filter-form.tsx'
import { LeadTable } from './lead-table.tsx'
import { listQueryFrom } from './list-query.ts'
import { Pager } from './pager.tsx'

const copy = inboxCopy.list

export function LeadListPage({ params }: { params: URLSearchParams }) {
  const query = listQueryFrom(params)
  const spam = query.view === 'spam'
  const page = useLeadPage(query)
  const [announcement, setAnnouncement] = useState('')
  const leads = page.data?.leads ?? []
  const rows = { leads, spam, onStatusChanged: setAnnouncement }

  return (
    <>
      <PageTitle>{spam ? copy.spamTitle : copy.leadsTitle}</PageTitle>
      {spam && <p className="mt-2 max-w-prose text-ink/80">{copy.spamIntro}</p>}
      <LeadFilterForm query={query} />
      <ExportDialog query={query} />
      {announcement && (
        <Notice tone="success" className="mt-4">
          {announcement}
        </Notice>
      )}
      {page.isPending && <p className="mt-6">{inboxCopy.loading}</p>}
      {page.isError && <LoadFailed error={page.error} onRetry={() => void page.refetch()} />}
      {page.isSuccess && leads.length === 0 && <p className="mt-6">{spam ? copy.emptySpam : copy.empty}</p>}
      {leads.length > 0 && (
        <div aria-busy={page.isPlaceholderData} className="mt-6">
          <LeadTable {...rows} />
          <LeadCards {...rows} />
        </div>
      )}
      <Pager query={query} nextCursor={page.data?.nextCursor} />
    </>
  )
}
