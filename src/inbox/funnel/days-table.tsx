import type { FunnelDay } from '../../../common/admin-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import type { Column } from '../shell/data-table.tsx'
import { formatCount, formatDay, formatShare } from './figures.ts'
import { NoFigure } from './no-figure.tsx'
import { ScrollTable } from './scroll-table.tsx'

const copy = inboxCopy.funnel

const columns: readonly Column<FunnelDay>[] = [
  {
    header: copy.day,
    rowHeader: true,
    className: 'whitespace-nowrap font-semibold',
    cell: (day) => <time dateTime={day.day}>{formatDay(day.day)}</time>,
  },
  { header: copy.visitors, align: 'end', cell: (day) => formatCount(day.visitors) },
  { header: copy.applications, align: 'end', cell: (day) => formatCount(day.applications) },
  {
    header: copy.conversionRate,
    align: 'end',
    cell: (day) => (day.conversionRate === null ? <NoFigure /> : formatShare(day.conversionRate)),
  },
]

export function DaysTable({ days, caption }: { days: FunnelDay[]; caption: string }) {
  return <ScrollTable caption={caption} columns={columns} rows={days} rowKey={(day) => day.day} />
}
