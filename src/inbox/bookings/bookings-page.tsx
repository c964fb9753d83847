import { useMemo, useState } from 'react'
import type { UnmatchedBooking } from '../../../common/booking-api.ts'
import { useUnmatchedBookings } from '../api/bookings.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { bookedBy } from '../leads-shared/booked-by.ts'
import { DataTable, type Column } from '../ui/data-table.tsx'
import { formatDateTime } from '../ui/format.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { PageTitle } from '../ui/page-title.tsx'
import { AwaitingLeadsSection } from './awaiting-leads.tsx'
import { LinkToLead } from './link-to-lead.tsx'

const copy = bookingCopy.unmatched
const cell = 'px-3 py-2 align-top'

const columnsWith = (onLinked: (text: string) => void): readonly Column<UnmatchedBooking>[] => [
  { header: copy.received, className: 'whitespace-nowrap', cell: (booking) => formatDateTime(booking.receivedAt) },
  { header: copy.who, rowHeader: true, className: 'font-semibold break-words', cell: bookedBy },
  {
    header: copy.call,
    className: 'whitespace-nowrap',
    cell: (booking) => (booking.startsAt ? formatDateTime(booking.startsAt) : '—'),
  },
  { header: copy.state, cell: (booking) => bookingCopy.states[booking.state] },
  { header: copy.provider, cell: (booking) => bookingCopy.providers[booking.provider] },
  { header: copy.link, cell: (booking) => <LinkToLead booking={booking} onLinked={onLinked} /> },
]

/** The Bookings page: leads that have not booked, and the bookings no lead matched, to link by hand here or from the lead's page. */
export function BookingsPage() {
  const bookings = useUnmatchedBookings()
  const [linked, setLinked] = useState('')
  const columns = useMemo(() => columnsWith(setLinked), [])
  const headingId = 'unmatched-bookings-heading'
  return (
    <>
      <PageTitle>{bookingCopy.page.title}</PageTitle>
      <AwaitingLeadsSection />
      <section aria-labelledby={headingId} className="mt-10">
        <h2 id={headingId} className="text-xl font-bold">
          {copy.title}
        </h2>
        <p className="mt-2 max-w-prose text-ink/80">{copy.intro}</p>
        {/* Always in the page, so that what is written into it is announced. */}
        <p
          role="status"
          className={
            linked
              ? 'mt-3 rounded-lg border-l-4 border-emerald-700 bg-emerald-50 px-4 py-2 text-emerald-950'
              : 'sr-only'
          }
        >
          {linked}
        </p>
        {bookings.isPending && <p className="mt-4">{inboxCopy.loading}</p>}
        {bookings.isError && <LoadFailed error={bookings.error} onRetry={() => void bookings.refetch()} />}
        {bookings.data?.length === 0 && <p className="mt-4">{copy.none}</p>}
        {bookings.data && bookings.data.length > 0 && (
          <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
            <DataTable
              caption={copy.caption}
              columns={columns}
              rows={bookings.data}
              rowKey={(booking) => booking.id}
              cells={{ head: cell, body: cell }}
            />
          </div>
        )}
      </section>
    </>
  )
}
