import { useRef, useState } from 'react'
import { leadOrderOf } from '../../../common/lead-list-api.ts'
import { useLeadCount, useLeadPage } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { listQueryFrom } from '../leads-shared/list-query.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { useNow } from '../ui/use-now.ts'
import { BulkBar } from './bulk-bar.tsx'
import { LeadCards } from './lead-cards.tsx'
import { LeadFilterForm, searchProblemOf } from './lead-filter-form.tsx'
import { LeadTable } from './lead-table.tsx'
import { ListToolbar } from './list-toolbar.tsx'
import { Pager } from './pager.tsx'
import { useSelection } from './use-selection.ts'

const copy = inboxCopy.list
const MINUTE = 60_000

export function LeadListPage({ params }: { params: URLSearchParams }) {
  const query = listQueryFrom(params)
  const spam = query.view === 'spam'
  const page = useLeadPage(query)
  const now = useNow(MINUTE)
  const selection = useSelection(params.toString())
  const countRef = useRef<HTMLParagraphElement>(null)
  const [announcement, setAnnouncement] = useState('')
  const leads = page.data?.leads ?? []
  const rows = {
    leads,
    spam,
    now,
    sort: leadOrderOf(query.booking, query.sort ?? 'received'),
    selection,
    onStatusChanged: setAnnouncement,
  }
  const counted = useLeadCount(query)
  const count = counted.data && { total: counted.data.total, capped: counted.data.totalCapped }
  const bulkDone = (text: string) => {
    setAnnouncement(text)
    // After the dialog or the bar has closed and handed the focus back: the count, just above the list.
    setTimeout(() => countRef.current?.focus(), 50)
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <PageTitle>{spam ? copy.spamTitle : copy.leadsTitle}</PageTitle>
        <ListToolbar ref={countRef} query={query} count={count} />
      </div>
      {spam && <p className="mt-2 max-w-prose text-ink/80">{copy.spamIntro}</p>}
      <LeadFilterForm query={query} searchProblem={searchProblemOf(page.error)} />
      <BulkBar selection={selection} spam={spam} onDone={bulkDone} />
      {/* Always in the page, so that what is written into it is announced. */}
      <p
        role="status"
        className={
          announcement
            ? 'mt-3 rounded-lg border-l-4 border-emerald-700 bg-emerald-50 px-4 py-2 text-emerald-950'
            : 'sr-only'
        }
      >
        {announcement}
      </p>
      {page.isPending && <p className="mt-4">{inboxCopy.loading}</p>}
      {page.isError && <LoadFailed error={page.error} onRetry={() => void page.refetch()} />}
      {page.isSuccess && leads.length === 0 && <p className="mt-4">{spam ? copy.emptySpam : copy.empty}</p>}
      {leads.length > 0 && (
        <div aria-busy={page.isPlaceholderData} className="mt-3">
          <LeadTable {...rows} />
          <LeadCards {...rows} />
        </div>
      )}
      <Pager query={query} nextCursor={page.data?.nextCursor} />
    </>
  )
}
