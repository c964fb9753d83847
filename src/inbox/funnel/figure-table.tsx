import { useId, type ReactNode } from 'react'
import { compactCells } from '../ui/data-table.tsx'

interface FigureTableProps {
  caption: string
  /** The header of the column that names each row. */
  rowHeader: string
  /** The headers of the figures' columns, which line up by their last digit. */
  figures: readonly string[]
  /** The body's rows. */
  children: ReactNode
  className?: string
}

/**
 * A table of figures whose rows the caller draws (folded runs, links over a
 * row): its box scrolls sideways on a narrow screen and is a named region in
 * the Tab order, so the keyboard can scroll it too.
 */
export function FigureTable({ caption, rowHeader, figures, children, className = 'mt-4' }: FigureTableProps) {
  const captionId = useId()
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-xl ring-1 ring-ink/10 ${className}`}
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-ink/15 bg-ink/5">
          <tr>
            <th scope="col" className={compactCells.head}>
              {rowHeader}
            </th>
            {figures.map((header) => (
              <th key={header} scope="col" className={`${compactCells.head} text-right`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
