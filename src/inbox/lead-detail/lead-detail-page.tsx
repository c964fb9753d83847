import { useState } from 'react'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import { isNotFound } from '../api/inbox-fetch.ts'
import { useLead } from '../api/leads.ts'
import { ContactLinks } from '../contact/contact-links.tsx'
import { inboxCopy } from '../content/inbox-copy.ts'
import { toolsCopy } from '../content/inbox-tools-copy.ts'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { LeadAnswersList } from '../leads-shared/lead-answers.tsx'
import { leadName } from '../leads-shared/lead-name.ts'
import { filtersOf } from '../leads-shared/lead-path.ts'
import { StatusReason } from '../leads-shared/lead-status-note.tsx'
import { listPath, listQueryFrom } from '../leads-shared/list-query.ts'
import { NotSpamButton } from '../leads-shared/not-spam-button.tsx'
import { OwnerSelect } from '../leads-shared/owner-select.tsx'
import { StatusSelect } from '../leads-shared/status-select.tsx'
import { useLocation } from '../router/use-location.ts'
import { formatDateTime } from '../ui/format.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { Section } from '../ui/section.tsx'
import { DangerZone } from './danger-zone.tsx'
import { BookingsSection } from './lead-bookings.tsx'
import { LeadConversions } from './lead-conversions.tsx'
import { LeadDeliveries } from './lead-deliveries.tsx'
import { LeadDuplicates } from './lead-duplicates.tsx'
import { LeadNeighbours } from './lead-neighbours.tsx'
import { LeadSource } from './lead-source.tsx'
import { LeadTimeline } from './lead-timeline.tsx'
import { NoteForm } from './note-form.tsx'
import { hasCall, OutcomeForm } from './outcome-form.tsx'

// The name is the page's title and these three its contact links, at the top: the answers' section lists the rest.
const AT_THE_TOP = ['name', 'email', 'phone', 'instagram'] as const

const copy = inboxCopy.detail

/**
 * A lead's page: who, how to reach them, the status and a note box on the
 * first screen; then one timeline of what happened; the answers, bookings and
 * notifications; the source folded away; erasure last, apart.
 */
export function LeadDetailPage({ id }: { id: number }) {
  const lead = useLead(id)
  const { params } = useLocation()
  const filters = filtersOf(listQueryFrom(params))
  const nav = <LeadNeighbours id={id} query={filters} />
  if (lead.isPending) return <p>{inboxCopy.loading}</p>
  if (lead.isError) {
    if (!isNotFound(lead.error)) return <LoadFailed error={lead.error} onRetry={() => void lead.refetch()} />
    return (
      <>
        {nav}
        <p className="mt-4">{copy.missing}</p>
      </>
    )
  }
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      {nav}
      <LeadTop lead={lead.data} />
      <div className="grid items-start gap-4 sm:gap-6 lg:grid-cols-2">
        <LeadTimeline lead={lead.data} />
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <Section title={copy.answers}>
            <LeadAnswersList answers={lead.data.answers} except={AT_THE_TOP} />
          </Section>
          <LeadDuplicates lead={lead.data} />
          <BookingsSection lead={lead.data} />
          <Section title={copy.deliveries}>
            <LeadDeliveries leadId={lead.data.id} deliveries={lead.data.deliveries} />
          </Section>
          {!lead.data.spam && <LeadConversions leadId={lead.data.id} />}
        </div>
      </div>
      <DangerZone id={lead.data.id} back={listPath(filters)} />
    </div>
  )
}

/** The first screen: name, when, where from, contact, then what a teammate does next: the status and a note. */
function LeadTop({ lead }: { lead: LeadDetail }) {
  const [announcement, setAnnouncement] = useState('')
  const name = leadName(lead)
  // "Not spam" is said once the lead reads as one: its button is gone by the time the change has been read back.
  const [wasSpam, setWasSpam] = useState(lead.spam)
  if (wasSpam !== lead.spam) {
    setWasSpam(lead.spam)
    if (wasSpam) setAnnouncement(toolsCopy.notSpam.moved(name))
  }
  return (
    <div className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)] lg:gap-8">
      <div className="min-w-0">
        <PageTitle>{name}</PageTitle>
        <p className="mt-1 text-ink/75">
          {leadPageCopy.facts.received(formatDateTime(lead.receivedAt))} · {copy.booking}:{' '}
          {lead.bookingOpenedAt ? copy.bookingOpened(formatDateTime(lead.bookingOpenedAt)) : copy.bookingNotOpened}
        </p>
        <LeadSource source={lead.source} attribution={lead.attribution} />
        <ContactLinks answers={lead.answers} withCopy leadId={lead.id} />
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        {lead.spam ? (
          <>
            <Notice tone="warning">{copy.spam}</Notice>
            <NotSpamButton id={lead.id} name={name} onMoved={setAnnouncement} />
          </>
        ) : (
          <StatusSelect
            id={lead.id}
            status={lead.status}
            name={name}
            label={copy.status}
            visibleLabel
            onChanged={setAnnouncement}
          />
        )}
        {!lead.spam && <OwnerSelect id={lead.id} owner={lead.owner} name={name} visibleLabel />}
        {announcement && <Notice tone="success">{announcement}</Notice>}
        {!lead.spam && <StatusReason lead={lead} className="text-sm" />}
        {!lead.spam && hasCall(lead) && <OutcomeForm lead={lead} />}
        <NoteForm leadId={lead.id} />
      </div>
    </div>
  )
}
