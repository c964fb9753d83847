import type { MoneyRow } from '../../../common/funnel-sources-api.ts'
import { drillPath, keepMoney, moneyPath, moneyQueryFrom } from './money-query.ts'

const range = { from: '2026-11-01', to: '2026-11-07' }

describe('the money table’s address', () => {
  it('reads the touch and the drill-down, and ignores a campaign without its source', () => {
    expect(moneyQueryFrom(new URLSearchParams('touch=first&campaign=spring'), range)).toEqual({
      ...range,
      touch: 'first',
    })
    expect(moneyQueryFrom(new URLSearchParams('drill=ig&paid=false&campaign=spring'), range)).toEqual({
      ...range,
      touch: 'last',
      source: 'ig',
      paid: false,
      campaign: 'spring',
    })
  })

  it('keeps the range and the source filter when it moves, and drops a deeper level on the way up', () => {
    const params = new URLSearchParams('from=2026-11-01&source=yt&drill=ig&paid=true&campaign=spring&touch=first')
    const up = new URL(moneyPath(params, { touch: 'first', source: 'ig', paid: true }), 'http://inbox')
    expect(up.pathname).toBe('/admin/funnel')
    expect(Object.fromEntries(up.searchParams)).toEqual({
      from: '2026-11-01',
      source: 'yt',
      touch: 'first',
      drill: 'ig',
      paid: 'true',
    })
    expect(moneyPath(new URLSearchParams(), { touch: 'last' })).toBe('/admin/funnel')
  })

  it('is kept when the range or the source filter changes, and only its own words are', () => {
    const params = new URLSearchParams('from=2026-10-01&touch=first&drill=ig&paid=true&campaign=spring&other=x')
    const kept = new URL(keepMoney('/admin/funnel?from=2026-11-01&to=2026-11-07', params), 'http://inbox')
    expect(Object.fromEntries(kept.searchParams)).toEqual({
      from: '2026-11-01',
      to: '2026-11-07',
      touch: 'first',
      drill: 'ig',
      paid: 'true',
      campaign: 'spring',
    })
    expect(keepMoney('/admin/funnel', new URLSearchParams('from=2026-10-01'))).toBe('/admin/funnel')
  })

  it('drills from a source to its campaigns and from a campaign to its ads, never into a row with nothing below', () => {
    const params = new URLSearchParams('from=2026-11-01')
    const named = (key: string, paid = true) => ({ key, paid }) as MoneyRow
    const sources = { ...range, touch: 'last' as const }
    expect(drillPath(params, sources, named('ig', false))).toBe('/admin/funnel?from=2026-11-01&drill=ig&paid=false')
    const campaigns = { ...sources, source: 'ig', paid: true }
    expect(drillPath(params, campaigns, named('spring'))).toBe(
      '/admin/funnel?from=2026-11-01&drill=ig&paid=true&campaign=spring',
    )
    // The rows past the cap are summed into (other), at any level: there is no such source or campaign to open.
    for (const query of [sources, campaigns]) expect(drillPath(params, query, named('(other)'))).toBeUndefined()
    expect(drillPath(params, campaigns, named('(not per campaign)'))).toBeUndefined()
    expect(drillPath(params, campaigns, named('(none)'))).toBeUndefined()
    expect(drillPath(params, { ...campaigns, campaign: 'spring' }, named('reel'))).toBeUndefined()
  })
})
