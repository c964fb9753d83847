import { touchesOf } from './touches.ts'

describe('the touches of a stored attribution', () => {
  it('keeps the known keys with text values, in the attribution’s order', () => {
    const stored = {
      first_touch: { landing_path: '/', utm_source: 'ig', unknown: 'x', utm_medium: 3 },
      last_touch: { referrer_origin: 'https://news.example' },
    }
    expect(touchesOf(stored)).toEqual({
      first: { utm_source: 'ig', landing_path: '/' },
      last: { referrer_origin: 'https://news.example' },
    })
    expect(Object.keys(touchesOf(stored).first ?? {})).toEqual(['utm_source', 'landing_path'])
  })

  it('has none for a lead without one', () => {
    expect(touchesOf(null)).toEqual({})
    expect(touchesOf({ first_touch: {} })).toEqual({ first: undefined, last: undefined })
  })
})
