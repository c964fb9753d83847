import type { Key, ReactNode } from 'react'

export interface Column<Row> {
  /** The column's header; unique within its table. */
  header: string
  cell: (row: Row) => ReactNode
  /** The cell that names its row (a `th` with scope="row") rather than a data cell. */
  rowHeader?: boolean
  /** `end` for figures, so that they line up by their last digit. */
  align?: 'start' | 'end'
  /** Added to each body cell of the column. */
  className?: string
}

export interface CellClasses {
  head: string
  body: string
}

/** Tight on a phone, roomier from 640 px up. */
export const compactCells: CellClasses = {
  head: 'px-2 py-2 font-semibold sm:px-3',
  body: 'px-2 py-2 align-top sm:px-3',
}

export interface DataTableProps<Row> {
  /** What the table holds, for screen readers; it is not shown. */
  caption: string
  /** The caption's id, for a container that takes the table's name. */
  captionId?: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  cells?: CellClasses
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')

/** The inbox's tables: one header row, then a row per item, each column from its definition. */
export function DataTable<Row>({
  caption,
  captionId,
  columns,
  rows,
  rowKey,
  cells = compactCells,
}: DataTableProps<Row>) {
  return (
    <table className="w-full text-left text-sm">
      <caption id={captionId} className="sr-only">
        {caption}
      </caption>
      <thead className="border-b border-ink/15 bg-ink/5">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={classes(cells.head, column.align === 'end' && 'text-right')}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-ink/10 last:border-0">
            {columns.map((column) => {
              const className = classes(
                cells.body,
                column.align === 'end' && 'text-right tabular-nums',
                column.className,
              )
              return column.rowHeader ? (
                <th key={column.header} scope="row" className={className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={className}>
                  {column.cell(row)}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
