import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { fieldClassName } from '../../components/ui/input.tsx'
import { useLinkBooking, useUnmatchedBookings } from '../api/bookings.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { bookedBy } from '../leads-shared/booked-by.ts'
import { Field } from '../ui/field.tsx'
import { formatDateTime } from '../ui/format.ts'
import { Notice } from '../ui/notice.tsx'

const copy = bookingCopy.link

/** Links one of the bookings no lead matched to this lead; shown only while there are some. */
export function LinkBooking({ leadId }: { leadId: number }) {
  const unmatched = useUnmatchedBookings()
  const link = useLinkBooking()
  const [outcome, setOutcome] = useState<'linked' | 'failed' | undefined>()
  if (!unmatched.data || unmatched.data.length === 0)
    return outcome === 'linked' ? <Notice tone="success">{copy.linked}</Notice> : null

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const bookingId = Number(new FormData(event.currentTarget).get('booking'))
    if (!bookingId) return
    link.mutate({ bookingId, leadId }, { onSuccess: () => setOutcome('linked'), onError: () => setOutcome('failed') })
  }
  return (
    <form
      aria-label={copy.legend}
      onSubmit={submit}
      className="mt-4 flex flex-wrap items-end gap-3 border-t border-ink/10 pt-4"
    >
      <Field label={copy.booking}>
        {({ id }) => (
          <select id={id} name="booking" required defaultValue="" className={fieldClassName}>
            <option value="" disabled>
              {copy.choose}
            </option>
            {unmatched.data.map((booking) => (
              <option key={booking.id} value={booking.id}>
                {copy.option(
                  bookedBy(booking),
                  booking.startsAt ? formatDateTime(booking.startsAt) : bookingCopy.states[booking.state],
                )}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" disabled={link.isPending}>
        {copy.submit}
      </Button>
      {outcome === 'failed' && <Notice tone="error">{copy.failed}</Notice>}
      {outcome === 'linked' && <Notice tone="success">{copy.linked}</Notice>}
    </form>
  )
}
