import { useState } from 'react'
import type { LeadDetail, LeadDuplicate } from '../../../common/lead-page-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { useMergeLeads } from '../api/merge.ts'
import { duplicatesCopy as copy } from '../content/duplicates-copy.ts'
import { statusLabels } from '../content/inbox-copy.ts'
import { LeadAnswersList } from '../leads-shared/lead-answers.tsx'
import { leadPath } from '../leads-shared/lead-path.ts'
import { listQueryFrom } from '../leads-shared/list-query.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { navigate, useLocation } from '../router/use-location.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { formatDateTime } from '../ui/format.ts'
import { Notice } from '../ui/notice.tsx'
import { Section } from '../ui/section.tsx'

type Lead = Pick<LeadDetail, 'id' | 'receivedAt' | 'spam' | 'duplicates' | 'mergedApplications'>

/**
 * The other leads of the same applicant, each with a way to it and a Merge, and the applications merged into this
 * one with their answers; nothing when there are neither.
 */
export function LeadDuplicates({ lead }: { lead: Lead }) {
  const [merged, setMerged] = useState(false)
  if (lead.spam || (lead.duplicates.length === 0 && lead.mergedApplications.length === 0 && !merged)) return null
  return (
    <Section title={copy.section} aside={lead.duplicates.length > 0 ? copy.sectionAside : undefined}>
      {merged && (
        <Notice tone="success" className="mb-3">
          {copy.merged}
        </Notice>
      )}
      {lead.duplicates.length > 0 && (
        <>
          <p className="text-sm text-ink/75">{copy.intro}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {lead.duplicates.map((other) => (
              <DuplicateLine key={other.id} lead={lead} other={other} onMerged={() => setMerged(true)} />
            ))}
          </ul>
        </>
      )}
      {lead.mergedApplications.length > 0 && (
        <ol className="flex flex-col gap-4" aria-label={copy.history}>
          {lead.mergedApplications.map((application) => (
            <li key={application.id} className="border-t border-ink/10 pt-3 first:border-0 first:pt-0">
              <h3 className="font-semibold">{copy.appliedAgainOn(formatDateTime(application.appliedAt))}</h3>
              <p className="mb-2 text-sm text-ink/75">
                {copy.mergedBy(application.mergedBy, formatDateTime(application.mergedAt))}
              </p>
              <LeadAnswersList answers={application.answers} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}

function DuplicateLine({ lead, other, onMerged }: { lead: Lead; other: LeadDuplicate; onMerged: () => void }) {
  const [open, setOpen] = useState(false)
  const { params } = useLocation()
  const merge = useMergeLeads(({ survivorId }) => {
    setOpen(false)
    onMerged()
    // This page's lead may be the one merged away: the survivor's page takes its place.
    if (survivorId !== lead.id) navigate(leadPath(survivorId, listQueryFrom(params)), { replace: true })
  })
  const [keptAt, mergedAt] = [lead.receivedAt, other.receivedAt].sort()
  const name = other.name.trim() || `#${other.id}`
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-ink/5 px-3 py-2">
      <p className="min-w-0 break-words">
        <InboxLink
          href={leadPath(other.id, listQueryFrom(params))}
          className="font-semibold underline underline-offset-4"
        >
          {name}
        </InboxLink>{' '}
        <span className="text-sm text-ink/75">
          {copy.applied(formatDateTime(other.receivedAt))} · {copy.same(other.sameEmail, other.samePhone)} ·{' '}
          {statusLabels[other.status]}
        </span>
      </p>
      <Button variant="secondary" className="min-h-11" onClick={() => setOpen(true)} aria-label={copy.mergeLabel(name)}>
        {copy.merge}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={copy.mergeTitle}
        description={copy.mergeBody(formatDateTime(keptAt ?? ''), formatDateTime(mergedAt ?? ''))}
        confirmLabel={copy.mergeConfirm}
        pendingLabel={copy.merging}
        pending={merge.isPending}
        error={merge.isError && copy.mergeFailed}
        onConfirm={() => merge.mutate({ id: lead.id, other: other.id })}
      />
    </li>
  )
}
