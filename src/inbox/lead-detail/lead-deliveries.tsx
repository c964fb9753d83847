import type { LeadDelivery } from '../../../common/admin-api.ts'
import { useResendDelivery } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { formatDateTime } from '../format.ts'
import { Notice } from '../shell/notice.tsx'

const copy = inboxCopy.detail

/** Each notification of the lead, every attempt at it, and a way to send it again. */
export function LeadDeliveries({ deliveries }: { deliveries: LeadDelivery[] }) {
  const resend = useResendDelivery()
  if (deliveries.length === 0) return <p>{copy.noDeliveries}</p>
  return (
    <>
      <ul className="flex flex-col gap-4">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="rounded-xl border border-ink/15 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p>
                {copy.deliveryEvents[delivery.event]} · <span className="font-semibold break-all">{delivery.channel}</span>:{' '}
                {inboxCopy.deliveryStates[delivery.state]}, {copy.attempts(delivery.attempts.length)}
              </p>
              <button
                type="button"
                aria-label={copy.resendOf(copy.deliveryEvents[delivery.event].toLowerCase(), delivery.channel)}
                aria-disabled={resend.isPending}
                onClick={() => !resend.isPending && resend.mutate(delivery.id)}
                className="min-h-11 rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5 aria-disabled:text-ink/40"
              >
                {copy.resend}
              </button>
            </div>
            {delivery.attempts.length > 0 && (
              <ol className="mt-2 flex flex-col gap-1 text-sm">
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.startedAt}>
                    {formatDateTime(attempt.startedAt)}:{' '}
                    {copy.attemptLine(attempt.error ?? String(attempt.status ?? '—'), attempt.durationMs)}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
      {resend.isSuccess && (
        <Notice tone="success" className="mt-3">
          {copy.resent}
        </Notice>
      )}
      {resend.isError && (
        <Notice tone="error" className="mt-3">
          {copy.resendFailed}
        </Notice>
      )}
    </>
  )
}
