import { useId } from 'react'
import { addDays } from '../../../common/funnel.ts'
import { zonedDay } from '../../../common/zoned-day.ts'
import { cn } from '../../lib/cn.ts'
import { filterCopy } from '../content/filter-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { inboxTimeZone } from './format.ts'

/** The ranges offered in one step: today and the last 7, 30 and 90 days, today (in the agency's zone, as the server counts days) included. */
const PRESETS = [1, 7, 30, 90] as const

export interface DayRange {
  from: string
  to: string
}

interface RangePresetsProps {
  /** The range shown, marked as current when it is a preset. */
  current: { from?: string | undefined; to?: string | undefined }
  /** The address of the view with a range. */
  hrefOf: (range: DayRange) => string
  className?: string
  /** The label beside the ranges rather than above them, for a compact filter bar. */
  inline?: boolean
  now?: Date
}

/** Links to the common ranges of a view with from/to days (the Funnel, the lead list). */
export function RangePresets({ current, hrefOf, className, inline = false, now = new Date() }: RangePresetsProps) {
  const labelId = useId()
  const today = zonedDay(now, inboxTimeZone())
  const copy = filterCopy.ranges
  return (
    <div className={cn(inline && 'flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <p id={labelId} className="text-sm font-semibold">
        {copy.presets}
      </p>
      <ul aria-labelledby={labelId} className={cn('flex flex-wrap gap-2', !inline && 'mt-1')}>
        {PRESETS.map((days) => {
          const range = { from: addDays(today, 1 - days), to: today }
          const shown = current.from === range.from && current.to === range.to
          return (
            <li key={days}>
              <InboxLink
                href={hrefOf(range)}
                aria-current={shown ? 'true' : undefined}
                className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5 aria-[current=true]:bg-ink aria-[current=true]:text-white"
              >
                {days === 1 ? copy.today : copy.lastDays(days)}
              </InboxLink>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
