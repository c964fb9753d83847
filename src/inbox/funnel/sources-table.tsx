import type { ReactNode } from 'react'
import { OTHER_SOURCES, type FunnelSource } from '../../../common/funnel-report.ts'
import { funnelSourceName } from '../../../common/source-labels.ts'
import { funnelCopy } from '../content/funnel-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { compactCells } from '../ui/data-table.tsx'
import { FigureTable } from './figure-table.tsx'
import { formatCount, formatShare } from './figures.ts'
import { NoFigure } from './no-figure.tsx'

const copy = inboxCopy.funnel

const rate = (share: number | null) => (share === null ? <NoFigure /> : formatShare(share))

const columns: readonly { header: string; cell: (row: FunnelSource) => ReactNode }[] = [
  { header: copy.visitors, cell: (row) => formatCount(row.visitors) },
  { header: copy.applications, cell: (row) => formatCount(row.applications) },
  { header: funnelCopy.conversionRate, cell: (row) => rate(row.conversionRate) },
  { header: copy.booked, cell: (row) => formatCount(row.booked) },
  { header: copy.bookedRate, cell: (row) => rate(row.bookedRate) },
  { header: copy.showed, cell: (row) => formatCount(row.showed) },
  { header: copy.showedRate, cell: (row) => rate(row.showedRate) },
]

interface SourcesTableProps {
  rows: FunnelSource[]
  caption: string
  /** The source the rest of the screen shows, if one is chosen. */
  chosen: string | null
  /** The screen's address for a source. */
  hrefOf: (source: string) => string
}

/**
 * Which source converts: the range's whole table, whatever source is chosen.
 * Each source's name is a link that shows its funnel, stretched over its row
 * so that a click anywhere on the row follows it; the keyboard reaches it as a link.
 */
export function SourcesTable({ rows, caption, chosen, hrefOf }: SourcesTableProps) {
  return (
    <FigureTable caption={caption} rowHeader={copy.source} figures={columns.map((column) => column.header)}>
      {rows.map((row) => {
        const name = funnelSourceName(row.source)
        const isChosen = row.source === chosen
        // The sum of the sources past the cap is no source of its own: it has no funnel to show.
        if (row.source === OTHER_SOURCES) {
          return (
            <tr key={row.source} className="border-b border-ink/10 last:border-0">
              <th scope="row" className={`${compactCells.body} font-semibold`}>
                {name}
                <span className="block text-xs font-normal text-ink/70">{funnelCopy.otherSources}</span>
              </th>
              <SourceFigures row={row} />
            </tr>
          )
        }
        return (
          <tr
            key={row.source}
            className={`relative border-b border-ink/10 last:border-0 hover:bg-ink/5 ${isChosen ? 'bg-amber-50' : ''}`}
          >
            <th scope="row" className={`${compactCells.body} font-semibold`}>
              <InboxLink
                href={hrefOf(row.source)}
                aria-current={isChosen ? 'true' : undefined}
                className="underline underline-offset-4 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-ink"
              >
                {name ?? row.source}
              </InboxLink>
              {name && <span className="block text-xs font-normal text-ink/70">{row.source}</span>}
              {isChosen && <span className="block text-xs font-normal text-ink/70">{funnelCopy.chosen}</span>}
            </th>
            <SourceFigures row={row} />
          </tr>
        )
      })}
    </FigureTable>
  )
}

function SourceFigures({ row }: { row: FunnelSource }) {
  return columns.map((column) => (
    <td key={column.header} className={`${compactCells.body} text-right tabular-nums`}>
      {column.cell(row)}
    </td>
  ))
}
