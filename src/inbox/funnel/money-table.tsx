import type { FunnelSources, MoneyRow } from '../../../common/funnel-sources-api.ts'
import { funnelSourceName } from '../../../common/source-labels.ts'
import { moneyCopy } from '../content/money-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { compactCells } from '../ui/data-table.tsx'
import { FigureTable } from './figure-table.tsx'
import { moneyColumns, rowKey } from './money-figures.ts'
import { NoFigure } from './no-figure.tsx'

interface MoneyTableProps {
  answer: FunnelSources
  caption: string
  /** The address that drills into a row (its campaigns, or its ads), or undefined where there is nothing below it. */
  hrefOf: (row: MoneyRow) => string | undefined
}

/**
 * The money table: per source (paid and organic apart), campaign or ad, each
 * figure with the period before's beneath it, and the total last. A row's
 * name drills down a level where there is one.
 */
export function MoneyTable({ answer, caption, hrefOf }: MoneyTableProps) {
  const before = new Map(answer.previous.rows.map((row) => [rowKey(row), row]))
  const into = answer.level === 'source' ? moneyCopy.drill.source : moneyCopy.drill.campaign
  return (
    <FigureTable
      caption={caption}
      rowHeader={moneyCopy.level[answer.level]}
      figures={moneyColumns.map((column) => column.header)}
    >
      {answer.rows.map((row) => {
        const href = hrefOf(row)
        const name = (answer.level === 'source' && funnelSourceName(row.key)) || row.key
        return (
          <tr key={rowKey(row)} className="border-b border-ink/10">
            <th scope="row" className={`${compactCells.body} font-semibold`}>
              {href ? (
                <InboxLink
                  href={href}
                  aria-label={moneyCopy.drillHint(`${name}, ${row.paid ? moneyCopy.paid : moneyCopy.organic}`, into)}
                  className="inline-flex min-h-11 items-center underline underline-offset-4"
                >
                  {name}
                </InboxLink>
              ) : (
                name
              )}
              {name !== row.key && <span className="block text-xs font-normal text-ink/70">{row.key}</span>}
              <PaidMark paid={row.paid} />
            </th>
            <Figures row={row} before={before.get(rowKey(row))} currency={answer.currency} />
          </tr>
        )
      })}
      <tr className="border-t-2 border-ink/20 bg-ink/5">
        <th scope="row" className={`${compactCells.body} font-bold`}>
          {moneyCopy.total}
        </th>
        <Figures row={answer.total} before={answer.previous.total} currency={answer.currency} />
      </tr>
    </FigureTable>
  )
}

/** Paid or organic, in words (never by colour alone). */
function PaidMark({ paid }: { paid: boolean }) {
  return (
    <span
      className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${paid ? 'bg-amber-100 text-amber-950' : 'bg-emerald-50 text-emerald-950'}`}
    >
      {paid ? moneyCopy.paid : moneyCopy.organic}
    </span>
  )
}

function Figures({ row, before, currency }: { row: MoneyRow; before: MoneyRow | undefined; currency: string }) {
  return moneyColumns.map((column) => {
    const now = column.figure(row, currency)
    const then = before ? column.figure(before, currency) : null
    return (
      <td key={column.header} className={`${compactCells.body} text-right whitespace-nowrap tabular-nums`}>
        {now === null ? <NoFigure /> : now}
        <span className="block text-xs text-ink/70">
          {moneyCopy.was} {then === null ? <NoFigure /> : then}
        </span>
      </td>
    )
  })
}
