import type { LeadConversionView } from '../../../common/conversions-api.ts'
import { useResendConversion } from '../api/conversions.ts'
import { conversionsCopy } from '../content/conversions-copy.ts'
import { formatDateTime } from '../ui/format.ts'
import { Notice } from '../ui/notice.tsx'

const copy = conversionsCopy.lead
const when = (iso: string | null) => (iso === null ? undefined : formatDateTime(iso))

/** "Sent 28 Nov, 12:10", "Retrying; next attempt …", "Failed": the state in words. */
function stateText(row: LeadConversionView, platform: string) {
  if (row.state === 'sent') return copy.states.sent(when(row.finishedAt) ?? '')
  if (row.state === 'retrying') return copy.states.retrying(when(row.nextAttemptAt) ?? '')
  if (row.state === 'paused') return copy.states.paused(platform)
  return copy.states[row.state]()
}

/** Sends a failed conversion again; the line then reads Waiting, then Sent, as the lead's rows are read again. */
function ResendConversion({ leadId, row, label }: { leadId: number; row: LeadConversionView; label: string }) {
  const resend = useResendConversion(leadId)
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-label={label}
        aria-disabled={resend.isPending}
        onClick={() => !resend.isPending && resend.mutate(row.id)}
        className="min-h-11 rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5 aria-disabled:text-ink/40"
      >
        {copy.resend}
      </button>
      {resend.isError && (
        <Notice tone="error" className="py-2 text-sm">
          {copy.resendFailed}
        </Notice>
      )}
    </div>
  )
}

/** One stage (or correction) of one platform: what it is, its state, why, the platform's trace id, and Resend when it failed. */
export function ConversionLine({
  leadId,
  row,
  name,
  platform,
}: {
  leadId: number
  row: LeadConversionView
  name: string
  platform: string
}) {
  const reason = row.reason === null || row.state === 'sent' ? undefined : copy.reason(row.state, row.reason)
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 border-t border-ink/10 py-2 first:border-t-0">
      <div className="min-w-0 break-words">
        <p>
          <span className="font-semibold">{name}</span>: {stateText(row, platform)}
          {reason !== undefined && row.state !== 'paused' && `: ${reason}`}
        </p>
        {row.traceId !== null && (
          <p className="text-sm text-ink/75">
            {copy.traceId}: <code className="break-all">{row.traceId}</code>
          </p>
        )}
      </div>
      {row.state === 'failed' && <ResendConversion leadId={leadId} row={row} label={copy.resendOf(name, platform)} />}
    </li>
  )
}
