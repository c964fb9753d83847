import { render, screen, within } from '@testing-library/react'
import type { FunnelSources, MoneyRow } from '../../../common/funnel-sources-api.ts'
import { MoneyTable } from './money-table.tsx'

const row = (key: string, paid: boolean, figures: Partial<MoneyRow> = {}): MoneyRow => ({
  key,
  paid,
  applications: 0,
  booked: 0,
  showed: 0,
  won: 0,
  revenue: '0.00',
  closeRate: null,
  averageDeal: null,
  spend: null,
  costPerApplication: null,
  costPerBooked: null,
  costPerShowed: null,
  costPerWon: null,
  returnOnSpend: null,
  ...figures,
})

const paidIg = row('ig', true, {
  applications: 4,
  booked: 2,
  spend: '84.00',
  costPerBooked: '42.00',
  returnOnSpend: 2.5,
})
const organicIg = row('ig', false, { applications: 3, booked: 1 })
const answer: FunnelSources = {
  from: '2026-11-01',
  to: '2026-11-07',
  touch: 'last',
  level: 'source',
  currency: 'USD',
  rows: [paidIg, organicIg],
  total: row('total', false, { applications: 7 }),
  previous: {
    from: '2026-10-25',
    to: '2026-10-31',
    rows: [row('ig', true, { applications: 2, costPerBooked: '55.10' })],
    total: row('total', false, { applications: 2 }),
  },
}

describe('the money table', () => {
  it('keeps paid and organic rows of a source apart, each figure with the period before’s of the same row beneath it', () => {
    render(<MoneyTable answer={answer} caption="Money" hrefOf={(money) => `/drill/${money.key}/${money.paid}`} />)
    const table = screen.getByRole('table', { name: 'Money' })
    const [, paid, organic, total] = within(table).getAllByRole('row')
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    const cellOf = (line: HTMLElement, column: string) =>
      within(line).getAllByRole('cell')[header.indexOf(column) - 1]?.textContent

    expect(within(paid!).getByRole('rowheader').textContent).toContain('Paid')
    expect(within(organic!).getByRole('rowheader').textContent).toContain('Organic')
    expect(cellOf(paid!, 'Cost per booked call')).toBe('$42.00was $55.10')
    expect(cellOf(paid!, 'Return on spend')).toBe('2.50×was –none')
    // The organic row has no row the period before: its figures are compared with none, never with the paid row's.
    expect(cellOf(organic!, 'Applications')).toBe('3was –none')
    expect(cellOf(total!, 'Applications')).toBe('7was 2')
  })

  it('drills from a row’s name where there is a level below it, and leaves the rest plain', () => {
    render(
      <MoneyTable
        answer={answer}
        caption="Money"
        hrefOf={(money) => (money.paid ? `/drill/${money.key}` : undefined)}
      />,
    )
    const link = screen.getByRole('link', { name: 'Instagram, Paid: show its campaigns' })
    expect(link.getAttribute('href')).toBe('/drill/ig')
    expect(screen.getAllByRole('link')).toHaveLength(1)
  })
})
