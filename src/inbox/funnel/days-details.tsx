import type { FunnelDay } from '../../../common/funnel-api.ts'
import { funnelCopy } from '../content/funnel-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { compactCells } from '../ui/data-table.tsx'
import { FigureTable } from './figure-table.tsx'
import { formatCount, formatDay, formatDayRange, formatShare } from './figures.ts'
import { foldEmptyDays } from './fold-days.ts'
import { NoFigure } from './no-figure.tsx'

const copy = inboxCopy.funnel
const figure = `${compactCells.body} text-right tabular-nums`

/**
 * The chart's figures as a table, folded away until asked for: a range of 90
 * days is a long list, and runs of days without visits are one line each.
 */
export function DaysDetails({ days, caption }: { days: FunnelDay[]; caption: string }) {
  return (
    <details className="mt-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-2 font-semibold underline underline-offset-4">
        {funnelCopy.daysToggle}
      </summary>
      <FigureTable
        caption={caption}
        rowHeader={copy.day}
        figures={[copy.visitors, copy.applications, copy.conversionRate]}
        className="mt-2"
      >
        {foldEmptyDays(days).map((line) =>
          line.kind === 'empty' ? (
            <tr key={line.from} className="border-b border-ink/10 text-ink/70 last:border-0">
              <th scope="row" colSpan={4} className={`${compactCells.body} font-normal italic`}>
                {funnelCopy.noVisits(formatDayRange(line.from, line.to))}
              </th>
            </tr>
          ) : (
            <tr key={line.day.day} className="border-b border-ink/10 last:border-0">
              <th scope="row" className={`${compactCells.body} whitespace-nowrap font-semibold`}>
                <time dateTime={line.day.day}>{formatDay(line.day.day)}</time>
              </th>
              <td className={figure}>{formatCount(line.day.visitors)}</td>
              <td className={figure}>{formatCount(line.day.applications)}</td>
              <td className={figure}>
                {line.day.conversionRate === null ? <NoFigure /> : formatShare(line.day.conversionRate)}
              </td>
            </tr>
          ),
        )}
      </FigureTable>
    </details>
  )
}
