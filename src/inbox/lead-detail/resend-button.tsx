import type { LeadDelivery } from '../../../common/lead-page-api.ts'
import { useResendDelivery } from '../api/lead-page.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { Notice } from '../ui/notice.tsx'

const copy = inboxCopy.detail

/** Sends a notification again, says whether it was queued, and the lead is then read until the sending is over. */
export function ResendButton({ leadId, delivery }: { leadId: number; delivery: LeadDelivery }) {
  const resend = useResendDelivery(leadId)
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-label={copy.resendOf(copy.deliveryEvents[delivery.event].toLowerCase(), delivery.channel)}
        aria-disabled={resend.isPending}
        onClick={() => !resend.isPending && resend.mutate(delivery.id)}
        className="min-h-11 rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5 aria-disabled:text-ink/40"
      >
        {copy.resend}
      </button>
      {resend.isSuccess && (
        <Notice tone="success" className="py-2 text-sm">
          {copy.resent}
        </Notice>
      )}
      {resend.isError && (
        <Notice tone="error" className="py-2 text-sm">
          {copy.resendFailed}
        </Notice>
      )}
    </div>
  )
}
