import type { FunnelSource } from '../../../common/admin-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import type { Column } from '../shell/data-table.tsx'
import { formatCount, formatShare } from './figures.ts'
import { NoFigure } from './no-figure.tsx'
import { ScrollTable } from './scroll-table.tsx'

const copy = inboxCopy.funnel

const rate = (share: number | null) => (share === null ? <NoFigure /> : formatShare(share))

const columns: readonly Column<FunnelSource>[] = [
  { header: copy.source, rowHeader: true, className: 'font-semibold', cell: (row) => row.source },
  { header: copy.visitors, align: 'end', cell: (row) => formatCount(row.visitors) },
  { header: copy.applications, align: 'end', cell: (row) => formatCount(row.applications) },
  { header: copy.booked, align: 'end', cell: (row) => formatCount(row.booked) },
  { header: copy.showed, align: 'end', cell: (row) => formatCount(row.showed) },
  { header: copy.bookedRate, align: 'end', cell: (row) => rate(row.bookedRate) },
  { header: copy.showedRate, align: 'end', cell: (row) => rate(row.showedRate) },
]

/** Which source brings applications, booked calls and calls attended: the range's whole table, whatever source is chosen. */
export function SourcesTable({ rows, caption }: { rows: FunnelSource[]; caption: string }) {
  return <ScrollTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.source} />
}
