import type { LeadDelivery } from '../../../common/lead-page-api.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { formatDateTime } from '../ui/format.ts'

const copy = bookingCopy.followUp

/** Whether the applicant got the follow-up email, and when, or why not; nothing when none was queued. */
export function FollowUpLine({ deliveries }: { deliveries: LeadDelivery[] }) {
  const followUp = deliveries.find((delivery) => delivery.event === 'follow_up')
  if (followUp === undefined) return null
  const last = followUp.attempts.at(-1)
  const sentAt = last?.startedAt
  if (followUp.state === 'failed')
    return <p className="mb-3 break-words">{last?.error ? copy.notSent(last.error) : copy.failed}</p>
  return (
    <p className="mb-3">
      {followUp.state === 'delivered' && sentAt ? copy.delivered(formatDateTime(sentAt)) : copy.pending}
    </p>
  )
}
