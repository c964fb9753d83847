import { useState } from 'react'
import type { LeadDelivery } from '../../../common/lead-page-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { formatDateTime } from '../ui/format.ts'
import { ResendButton } from './resend-button.tsx'

const copy = inboxCopy.detail
const words = leadPageCopy.notifications
const STATES: readonly LeadDelivery['state'][] = ['failed', 'pending', 'delivered']

/** What became of a notification: its state and how many attempts, "Delivered, 2 attempts". */
export const deliveryState = (delivery: LeadDelivery) =>
  leadPageCopy.timeline.deliveryState(inboxCopy.deliveryStates[delivery.state], copy.attempts(delivery.attempts.length))

/** "2 notifications: 1 failed, 1 delivered". */
function summaryOf(deliveries: LeadDelivery[]) {
  const states = STATES.flatMap((state) => {
    const count = deliveries.filter((delivery) => delivery.state === state).length
    return count ? [`${count} ${inboxCopy.deliveryStates[state].toLowerCase()}`] : []
  })
  return words.summary(deliveries.length, states.join(', '))
}

function DeliveryItem({ leadId, delivery }: { leadId: number; delivery: LeadDelivery }) {
  const what = copy.deliveryEvents[delivery.event]
  return (
    <li className="rounded-xl border border-ink/15 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words">
          {what} · <span className="font-semibold">{delivery.channel}</span>: {deliveryState(delivery)}
        </p>
        <ResendButton leadId={leadId} delivery={delivery} />
      </div>
      {delivery.attempts.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer py-2.5 font-semibold underline underline-offset-4">
            {words.attempts}
            <span className="sr-only">{words.attemptsOf(what, delivery.channel)}</span>
          </summary>
          <ol className="flex flex-col gap-1">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.startedAt} className="break-words">
                {formatDateTime(attempt.startedAt)}:{' '}
                {copy.attemptLine(attempt.error ?? String(attempt.status ?? '—'), attempt.durationMs)}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  )
}

/**
 * The lead's notifications in one line, and each with its attempts and a way
 * to send it again: unfolded while one has failed or is still going, folded
 * once all were delivered, as the timeline already says so.
 */
export function LeadDeliveries({ leadId, deliveries }: { leadId: number; deliveries: LeadDelivery[] }) {
  const unsettled = deliveries.some((delivery) => delivery.state !== 'delivered')
  const [open, setOpen] = useState(unsettled)
  const [chosen, setChosen] = useState(false)
  // It unfolds by itself when one is still going or has failed, and never folds by itself: a resend must not fold
  // the list under the reader's eyes. Once the reader has folded or unfolded it, it is theirs.
  if (unsettled && !open && !chosen) setOpen(true)
  if (deliveries.length === 0) return <p>{copy.noDeliveries}</p>
  return (
    <>
      <details
        open={open}
        onToggle={(event) => {
          if (event.currentTarget.open === open) return
          setChosen(true)
          setOpen(event.currentTarget.open)
        }}
      >
        <summary className="cursor-pointer py-2.5">
          {summaryOf(deliveries)} <span className="font-semibold underline underline-offset-4">({words.show})</span>
        </summary>
        <ul className="flex flex-col gap-3">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} leadId={leadId} delivery={delivery} />
          ))}
        </ul>
      </details>
    </>
  )
}
