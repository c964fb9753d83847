import { useState, type FormEvent } from 'react'
import type { UnmatchedBooking } from '../../../common/booking-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.tsx'
import { Input } from '../../components/ui/input.tsx'
import { useLinkBooking } from '../api/bookings.ts'
import { useLeadPage } from '../api/leads.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { bookedBy } from '../leads-shared/booked-by.ts'
import { leadName } from '../leads-shared/lead-name.ts'
import { Field } from '../ui/field.tsx'
import { formatDateTime } from '../ui/format.ts'
import { Notice } from '../ui/notice.tsx'

const copy = bookingCopy.linkFromList

/** The leads the search finds, each with a button that links the booking to it. */
function Candidates({
  q,
  onLink,
  pending,
}: {
  q: string
  onLink: (id: number, name: string) => void
  pending: boolean
}) {
  const page = useLeadPage({ q })
  if (page.isPending) return <p className="mt-4">{inboxCopy.loading}</p>
  if (page.isError)
    return (
      <Notice tone="error" className="mt-4">
        {copy.searchFailed}
      </Notice>
    )
  const leads = page.data.leads.slice(0, 10)
  if (leads.length === 0) return <p className="mt-4">{copy.noLead}</p>
  return (
    <ul aria-label={copy.results} className="mt-4 flex flex-col gap-2">
      {leads.map((lead) => {
        const name = leadName(lead)
        return (
          <li
            key={lead.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-ink/15 p-2"
          >
            <span className="min-w-0 wrap-anywhere">
              <span className="font-semibold">{name}</span> · {lead.answers.email} ·{' '}
              {copy.applied(formatDateTime(lead.receivedAt))}
            </span>
            <Button variant="secondary" disabled={pending} onClick={() => onLink(lead.id, name)}>
              {copy.choose}
              <span className="sr-only"> {name}</span>
            </Button>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * A row's "Link to a lead": a dialog that looks the leads up (from the email
 * the provider gave, or the name) and links the booking to the one chosen,
 * as the lead's own page does.
 */
export function LinkToLead({ booking, onLinked }: { booking: UnmatchedBooking; onLinked: (text: string) => void }) {
  const [open, setOpen] = useState(false)
  const start = booking.attendeeEmail ?? booking.attendeeName ?? ''
  const [q, setQ] = useState(start)
  const link = useLinkBooking()
  const who = bookedBy(booking)

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim())
  }
  // A promise, not mutate's callback: once linked, the row (and this dialog with it) leaves as the list is read again.
  const choose = (leadId: number, name: string) =>
    link.mutateAsync({ bookingId: booking.id, leadId }).then(
      () => {
        setOpen(false)
        onLinked(copy.linked(who, name))
      },
      () => undefined, // shown from the mutation's state
    )
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setQ(start)
          link.reset()
        }
      }}
    >
      <Button variant="secondary" onClick={() => setOpen(true)} className="whitespace-nowrap">
        {copy.open}
        <span className="sr-only"> {copy.openOf(who)}</span>
      </Button>
      <DialogContent closeLabel={inboxCopy.detail.close}>
        <DialogTitle className="pr-10 text-xl font-bold">{copy.title}</DialogTitle>
        <DialogDescription className="mt-3 wrap-anywhere">
          {copy.intro(who, booking.startsAt ? formatDateTime(booking.startsAt) : bookingCopy.states[booking.state])}
        </DialogDescription>
        <form role="search" aria-label={copy.search} onSubmit={search} className="mt-4 flex flex-wrap items-end gap-3">
          <Field label={copy.search} className="min-w-0 flex-1">
            {({ id }) => <Input id={id} name="q" type="search" defaultValue={start} />}
          </Field>
          <Button type="submit" variant="secondary">
            {copy.find}
          </Button>
        </form>
        {link.isError && (
          <Notice tone="error" className="mt-4">
            {bookingCopy.link.failed}
          </Notice>
        )}
        {q.length > 0 && <Candidates q={q} onLink={choose} pending={link.isPending} />}
      </DialogContent>
    </Dialog>
  )
}
