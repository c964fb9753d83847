import { render, screen, within } from '@testing-library/react'
import { DataTable, type Column } from './data-table.tsx'

interface Fruit {
  name: string
  count: number
}

const fruits: Fruit[] = [
  { name: 'Apple', count: 1200 },
  { name: 'Quince', count: 3 },
]

const columns: readonly Column<Fruit>[] = [
  { header: 'Fruit', rowHeader: true, className: 'font-semibold', cell: (fruit) => <em>{fruit.name}</em> },
  { header: 'Count', align: 'end', cell: (fruit) => String(fruit.count) },
  { header: 'Note', className: 'break-words', cell: (fruit) => (fruit.count > 100 ? 'plenty' : 'few') },
]

const cells = { head: 'h', body: 'b' }

describe('DataTable', () => {
  it('is named by its caption, and has a header row then a row per item', () => {
    render(<DataTable caption="Fruit in stock" columns={columns} rows={fruits} rowKey={(fruit) => fruit.name} />)
    const table = screen.getByRole('table', { name: 'Fruit in stock' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Fruit', 'Count', 'Note'])
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Apple')
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1200', 'plenty'])
    expect(within(rows[2]!).getByRole('rowheader', { name: 'Quince' })).toBeInTheDocument()
  })

  it('renders what each cell renderer returns, markup included', () => {
    render(<DataTable caption="Fruit" columns={columns} rows={fruits} rowKey={(fruit) => fruit.name} />)
    expect(screen.getByRole('rowheader', { name: 'Apple' }).querySelector('em')).toHaveTextContent('Apple')
  })

  it('keeps the caption for screen readers only, with the id it is given', () => {
    render(
      <DataTable
        caption="Fruit"
        captionId="fruit-caption"
        columns={columns}
        rows={fruits}
        rowKey={(fruit) => fruit.name}
      />,
    )
    const caption = screen.getByText('Fruit', { selector: 'caption' })
    expect(caption).toHaveAttribute('id', 'fruit-caption')
    expect(caption).toHaveClass('sr-only')
  })

  it('puts the cell classes, the alignment and each column’s own class on its cells', () => {
    render(<DataTable caption="Fruit" columns={columns} rows={fruits} rowKey={(fruit) => fruit.name} cells={cells} />)
    const headers = screen.getAllByRole('columnheader')
    expect(headers.map((header) => header.className)).toEqual(['h', 'h text-right', 'h'])
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true)
    const rowHeader = screen.getByRole('rowheader', { name: 'Apple' })
    expect(rowHeader).toHaveAttribute('scope', 'row')
    expect(rowHeader.className).toBe('b font-semibold')
    expect(
      screen
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.className),
    ).toEqual(['b text-right tabular-nums', 'b break-words'])
  })

  it('is tight on a phone unless told otherwise', () => {
    render(<DataTable caption="Fruit" columns={columns} rows={fruits} rowKey={(fruit) => fruit.name} />)
    expect(screen.getByRole('columnheader', { name: 'Fruit' }).className).toBe('px-2 py-2 font-semibold sm:px-3')
    expect(screen.getByRole('cell', { name: '1200' }).className).toBe(
      'px-2 py-2 align-top sm:px-3 text-right tabular-nums',
    )
  })

  it('has only its header row when there are no items', () => {
    render(<DataTable caption="Fruit" columns={columns} rows={[]} rowKey={(fruit) => fruit.name} />)
    expect(screen.getAllByRole('row')).toHaveLength(1)
  })
})
