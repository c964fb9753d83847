import { useId } from 'react'
import { addDays } from '../../../common/funnel.ts'
import { utcDay } from '../../../common/utc-day.ts'
import { funnelCopy } from '../content/funnel-copy.ts'
import { InboxLink } from '../shell/inbox-link.tsx'
import { funnelPath } from './funnel-query.ts'

/** The ranges offered in one step: today and the last 7, 30 and 90 days, today (UTC, as the figures are counted) included. */
const PRESETS = [1, 7, 30, 90] as const

/** Links to the common ranges, for the source shown; the one shown is marked as current. */
export function RangePresets({
  query,
  now = new Date(),
}: {
  query: { from: string; to: string; source?: string | undefined }
  now?: Date
}) {
  const labelId = useId()
  const today = utcDay(now)
  return (
    <div className="sm:col-span-2 lg:col-span-4">
      <p id={labelId} className="text-sm font-semibold">
        {funnelCopy.presets}
      </p>
      <ul aria-labelledby={labelId} className="mt-1 flex flex-wrap gap-2">
        {PRESETS.map((days) => {
          const range = { from: addDays(today, 1 - days), to: today }
          const current = query.from === range.from && query.to === range.to
          return (
            <li key={days}>
              <InboxLink
                href={funnelPath({ ...range, source: query.source })}
                aria-current={current ? 'true' : undefined}
                className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5 aria-[current=true]:bg-ink aria-[current=true]:text-white"
              >
                {days === 1 ? funnelCopy.today : funnelCopy.lastDays(days)}
              </InboxLink>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
