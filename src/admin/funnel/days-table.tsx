import type { FunnelDay } from '../../../common/admin-api.ts'
import { adminCopy } from '../content/admin-copy.ts'
import { formatCount, formatDay, formatShare } from './figures.ts'
import { NoFigure } from './no-figure.tsx'
import { bodyCell, headCell, numberCell, numberHead, ScrollTable } from './scroll-table.tsx'

const copy = adminCopy.funnel

export function DaysTable({ days, caption }: { days: FunnelDay[]; caption: string }) {
  return (
    <ScrollTable caption={caption}>
      <thead className="border-b border-ink/15 bg-ink/5">
        <tr>
          <th scope="col" className={headCell}>
            {copy.day}
          </th>
          <th scope="col" className={numberHead}>
            {copy.visitors}
          </th>
          <th scope="col" className={numberHead}>
            {copy.applications}
          </th>
          <th scope="col" className={numberHead}>
            {copy.conversionRate}
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.day} className="border-b border-ink/10 last:border-0">
            <th scope="row" className={`${bodyCell} whitespace-nowrap font-semibold`}>
              <time dateTime={day.day}>{formatDay(day.day)}</time>
            </th>
            <td className={numberCell}>{formatCount(day.visitors)}</td>
            <td className={numberCell}>{formatCount(day.applications)}</td>
            <td className={numberCell}>{day.conversionRate === null ? <NoFigure /> : formatShare(day.conversionRate)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
