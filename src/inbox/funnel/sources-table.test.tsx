import { render, screen, within } from '@testing-library/react'
import { OTHER_SOURCES, type FunnelSource } from '../../../common/funnel-report.ts'
import { SourcesTable } from './sources-table.tsx'

const row = (source: string, visitors: number, applications: number): FunnelSource => ({
  source,
  visitors,
  applications,
  conversionRate: visitors === 0 ? null : applications / visitors,
  booked: 0,
  showed: 0,
  bookedRate: applications === 0 ? null : 0,
  showedRate: null,
})

describe('the sources table', () => {
  it('names the row of the sources past the cap in words, with its sums and no link, and keeps each source a link', () => {
    const rows = [row('ig', 40, 4), row('made-up-1', 1, 0), row(OTHER_SOURCES, 2_349, 0)]
    render(
      <SourcesTable
        rows={rows}
        caption="Sources"
        chosen={null}
        hrefOf={(source) => `/admin/funnel?source=${source}`}
      />,
    )
    const table = screen.getByRole('table', { name: 'Sources' })
    const [, instagram, madeUp, other] = within(table).getAllByRole('row')
    expect(within(instagram!).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      '/admin/funnel?source=ig',
    )
    expect(within(madeUp!).getByRole('link', { name: 'made-up-1' })).toBeTruthy()
    expect(within(other!).getByRole('rowheader').textContent).toBe('Other sourcesevery source not listed above, summed')
    expect(within(other!).queryByRole('link')).toBeNull()
    expect(within(other!).getAllByRole('cell')[0]?.textContent).toBe('2,349')
  })
})
