import { activeFilterCount, exportPath, listPath, listQueryFrom, showList } from './list-query.ts'

describe('the list view in the address', () => {
  it('reads the filters it knows and leaves out empty or unknown values', () => {
    const query = listQueryFrom(
      new URLSearchParams('q=%20anna%20&status=won&source=&from=2026-01-01&view=spam&cursor=abc&other=1'),
    )
    expect(query).toEqual({
      q: 'anna',
      status: 'won',
      source: undefined,
      from: '2026-01-01',
      to: undefined,
      view: 'spam',
      cursor: 'abc',
    })
    expect(listQueryFrom(new URLSearchParams('status=spam&view=all'))).toMatchObject({
      status: undefined,
      view: undefined,
    })
  })

  it('writes only the filters that are set, so a shared address is short', () => {
    expect(listPath({})).toBe('/admin')
    expect(listPath({ q: 'anna smith', status: 'new', view: undefined })).toBe('/admin?q=anna+smith&status=new')
  })

  it('keeps a sort other than the default, and nothing it does not know', () => {
    expect(listQueryFrom(new URLSearchParams('sort=status')).sort).toBe('status')
    expect(listQueryFrom(new URLSearchParams('sort=received')).sort).toBeUndefined()
    expect(listQueryFrom(new URLSearchParams('sort=budget')).sort).toBeUndefined()
    expect(exportPath({ sort: 'name', ids: '3,4' }, 'json')).toBe('/api/admin/leads/export?ids=3%2C4&format=json')
  })

  it('exports every lead of the filter, not the page shown', () => {
    expect(exportPath({ q: 'a', cursor: 'next', view: 'spam' }, 'csv')).toBe(
      '/api/admin/leads/export?q=a&view=spam&format=csv',
    )
  })

  it('reads a shared address the way it was written', () => {
    const query = {
      q: 'x',
      status: 'booked',
      source: 'ig',
      from: '2026-01-01',
      to: '2026-02-01',
      view: 'spam',
      sort: 'name',
      cursor: 'c',
    } as const
    expect(listQueryFrom(new URL(listPath(query), 'http://localhost').searchParams)).toEqual(query)
  })

  it('counts the filters set, a range of days once', () => {
    expect(activeFilterCount({})).toBe(0)
    expect(activeFilterCount({ q: 'ada', status: 'won', from: '2026-01-01', to: '2026-01-31', view: 'spam' })).toBe(3)
    expect(activeFilterCount({ booking: 'booked', source: 'ig', to: '2026-01-31', cursor: 'c' })).toBe(3)
  })

  it('adds one history step per field typed in, and one per choice, always from the first page', () => {
    window.history.replaceState(null, '', '/admin')
    const start = window.history.length
    showList({ q: 'a' }, 'q')
    showList({ q: 'ad' }, 'q')
    showList({ q: 'ada' }, 'q')
    expect(window.history.length).toBe(start + 1)
    expect(window.location.search).toBe('?q=ada')
    showList({ q: 'ada', status: 'won', cursor: 'next' })
    expect(window.history.length).toBe(start + 2)
    expect(window.location.search).toBe('?q=ada&status=won')
    showList({ q: 'ada', status: 'won', from: '2026-01-01' }, 'from')
    showList({ q: 'adam', status: 'won', from: '2026-01-01' }, 'q')
    expect(window.history.length).toBe(start + 4)
  })
})
