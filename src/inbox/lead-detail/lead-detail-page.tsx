import { useState } from 'react'
import { isNotFound } from '../api/inbox-fetch.ts'
import { useLead } from '../api/leads.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { formatDateTime } from '../format.ts'
import { leadName } from '../lead-list/lead-columns.ts'
import { NotSpamButton } from '../lead-list/not-spam-button.tsx'
import { StatusSelect } from '../lead-list/status-select.tsx'
import { adminPaths } from '../paths.ts'
import { InboxLink } from '../shell/inbox-link.tsx'
import { LoadFailed } from '../shell/load-failed.tsx'
import { Notice } from '../shell/notice.tsx'
import { PageTitle } from '../shell/page-title.tsx'
import { EraseLead } from './erase-lead.tsx'
import { LeadAnswersList } from './lead-answers.tsx'
import { LeadAttribution } from './lead-attribution.tsx'
import { LeadDeliveries } from './lead-deliveries.tsx'
import { LeadBookings } from './lead-bookings.tsx'
import { LeadHistory } from './lead-history.tsx'
import { LinkBooking } from './link-booking.tsx'
import { LeadNotes } from './lead-notes.tsx'
import { Section } from './section.tsx'
import { FollowUpLine } from './follow-up-line.tsx'

const copy = inboxCopy.detail

export function LeadDetailPage({ id }: { id: number }) {
  const lead = useLead(id)
  const [announcement, setAnnouncement] = useState('')
  const back = (
    <InboxLink href={adminPaths.leads} className="font-semibold underline underline-offset-4">
      ← {copy.back}
    </InboxLink>
  )
  if (lead.isPending) return <p>{inboxCopy.loading}</p>
  if (lead.isError) {
    if (!isNotFound(lead.error)) return <LoadFailed error={lead.error} onRetry={() => void lead.refetch()} />
    return (
      <>
        {back}
        <p className="mt-4">{copy.missing}</p>
      </>
    )
  }
  const { data } = lead
  return (
    <div className="flex flex-col gap-6">
      {back}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageTitle>{leadName(data)}</PageTitle>
          <p className="mt-1 text-ink/75">{formatDateTime(data.receivedAt)}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {data.spam && <NotSpamButton id={data.id} name={leadName(data)} onMoved={setAnnouncement} />}
          {!data.spam && (
            <StatusSelect
              id={data.id}
              status={data.status}
              name={leadName(data)}
              label={copy.status}
              visibleLabel
              onChanged={setAnnouncement}
            />
          )}
          <EraseLead id={data.id} />
        </div>
      </div>
      {data.spam && <Notice tone="warning">{copy.spam}</Notice>}
      {announcement && <Notice tone="success">{announcement}</Notice>}
      <Section title={copy.answers}>
        <LeadAnswersList answers={data.answers} />
      </Section>
      <Section title={copy.attribution}>
        <LeadAttribution attribution={data.attribution} />
        <h3 className="mt-4 font-semibold">{copy.booking}</h3>
        <p>{data.bookingOpenedAt ? copy.bookingOpened(formatDateTime(data.bookingOpenedAt)) : copy.bookingNotOpened}</p>
      </Section>
      <Section title={bookingCopy.section}>
        <FollowUpLine deliveries={data.deliveries} />
        <LeadBookings bookings={data.bookings} />
        {!data.spam && <LinkBooking leadId={data.id} />}
      </Section>
      <Section title={copy.deliveries}>
        <LeadDeliveries deliveries={data.deliveries} />
      </Section>
      <Section title={copy.history}>
        <LeadHistory history={data.history} />
      </Section>
      <Section title={copy.notes}>
        <LeadNotes leadId={data.id} notes={data.notes} />
      </Section>
    </div>
  )
}
