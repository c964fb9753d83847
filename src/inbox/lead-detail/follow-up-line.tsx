import type { LeadDelivery } from '../../../common/admin-api.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { formatDateTime } from '../format.ts'

const copy = bookingCopy.followUp

/** Whether the applicant got the follow-up email, and when; nothing when none was queued. */
export function FollowUpLine({ deliveries }: { deliveries: LeadDelivery[] }) {
  const followUp = deliveries.find((delivery) => delivery.event === 'follow_up')
  if (followUp === undefined) return null
  const sentAt = followUp.attempts.at(-1)?.startedAt
  return (
    <p className="mb-3">
      {followUp.state === 'delivered' && sentAt
        ? copy.delivered(formatDateTime(sentAt))
        : copy[followUp.state === 'failed' ? 'failed' : 'pending']}
    </p>
  )
}
