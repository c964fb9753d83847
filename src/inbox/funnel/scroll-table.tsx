import { useId } from 'react'
import { DataTable, type DataTableProps } from '../ui/data-table.tsx'

/**
 * A table that scrolls sideways on a narrow screen: its box is a named region
 * in the Tab order, so the keyboard can scroll it too.
 */
export function ScrollTable<Row>(props: Omit<DataTableProps<Row>, 'captionId'>) {
  const id = useId()
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      className="relative mt-4 overflow-x-auto rounded-xl ring-1 ring-ink/10"
    >
      <DataTable {...props} captionId={id} />
    </div>
  )
}
