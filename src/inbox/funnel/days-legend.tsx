import { inboxCopy } from '../content/inbox-copy.ts'

const copy = inboxCopy.funnel

/** Which line is which in the daily chart; the colours are those of chart-colors.ts. */
export function DaysLegend() {
  return (
    <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <li className="flex items-center gap-2">
        <span className="inline-block w-6 border-t-2 border-[#1c1c28]" />
        {copy.visitors}
      </li>
      <li className="flex items-center gap-2">
        <span className="inline-block w-6 border-t-2 border-[#a16207]" />
        {copy.applications}
      </li>
      <li className="flex items-center gap-2">
        <span className="inline-block w-6 border-t-2 border-dashed border-[#047857]" />
        {copy.conversionRate}
      </li>
    </ul>
  )
}
