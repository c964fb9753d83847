import type { AdPlatform } from '../../../common/ad-conversions.ts'
import type { TestEventAnswer } from '../../../common/conversions-api.ts'
import { useSendTestEvent } from '../api/conversions.ts'
import { conversionsCopy } from '../content/conversions-copy.ts'

const copy = conversionsCopy.integrations

function resultText(answer: TestEventAnswer) {
  const name = conversionsCopy.platform(answer.platform)
  if (answer.status === 'sent') return copy.results.sent(name, answer.traceId)
  if (answer.status === 'skipped') return copy.results.skipped(answer.reason ?? '')
  return copy.results.other(answer.reason ?? answer.status)
}

/** "Send a test event" and what became of it, said in a live region that is there before it speaks. */
export function TestEventButton({ platform }: { platform: AdPlatform }) {
  const send = useSendTestEvent()
  const said = send.isPending
    ? copy.testing
    : send.data
      ? resultText(send.data)
      : send.isError
        ? copy.results.refused
        : ''
  const sent = send.data?.status === 'sent'
  return (
    <div className="mt-3 flex flex-col items-start gap-2">
      <button
        type="button"
        aria-label={copy.testOf(conversionsCopy.platform(platform))}
        aria-disabled={send.isPending}
        onClick={() => !send.isPending && send.mutate(platform)}
        className="min-h-11 rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5 aria-disabled:text-ink/40"
      >
        {send.isPending ? copy.testing : copy.test}
      </button>
      <p
        role="status"
        className={
          said === '' || send.isPending
            ? 'text-sm'
            : `rounded-lg border-l-4 px-4 py-2 text-sm ${sent ? 'border-emerald-700 bg-emerald-50' : 'border-amber-600 bg-amber-50'}`
        }
      >
        {said}
      </p>
    </div>
  )
}
