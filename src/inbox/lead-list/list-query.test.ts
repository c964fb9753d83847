import { exportPath, listPath, listQueryFrom } from './list-query.ts'

describe('the list view in the address', () => {
  it('reads the filters it knows and leaves out empty or unknown values', () => {
    const query = listQueryFrom(new URLSearchParams('q=%20anna%20&status=won&source=&from=2026-01-01&view=spam&cursor=abc&other=1'))
    expect(query).toEqual({ q: 'anna', status: 'won', source: undefined, from: '2026-01-01', to: undefined, view: 'spam', cursor: 'abc' })
    expect(listQueryFrom(new URLSearchParams('status=spam&view=all'))).toMatchObject({ status: undefined, view: undefined })
  })

  it('writes only the filters that are set, so a shared address is short', () => {
    expect(listPath({})).toBe('/admin')
    expect(listPath({ q: 'anna smith', status: 'new', view: undefined })).toBe('/admin?q=anna+smith&status=new')
  })

  it('exports every lead of the filter, not the page shown', () => {
    expect(exportPath({ q: 'a', cursor: 'next', view: 'spam' }, 'csv')).toBe('/api/admin/leads/export?q=a&view=spam&format=csv')
  })

  it('reads a shared address the way it was written', () => {
    const query = { q: 'x', status: 'booked', source: 'ig', from: '2026-01-01', to: '2026-02-01', view: 'spam', cursor: 'c' } as const
    expect(listQueryFrom(new URL(listPath(query), 'http://localhost').searchParams)).toEqual(query)
  })
})
