import { describe, expect, it } from 'vitest'
import { parsePrefer, preferenceApplied, wantsCount } from './prefer.ts'

const none = {
  return: undefined,
  count: undefined,
  resolution: undefined,
  missing: undefined,
  handling: undefined,
  invalid: [],
}

describe('parsePrefer', () => {
  it.each([
    [undefined, none],
    ['', none],
    [' , ', none],
    ['return=minimal', { ...none, return: 'minimal' }],
    ['return=representation', { ...none, return: 'representation' }],
    ['return=headers-only', { ...none, return: 'headers-only' }],
    ['count=exact,    return=representation ', { ...none, return: 'representation', count: 'exact' }],
    [['count=estimated', 'return=representation'], { ...none, return: 'representation', count: 'estimated' }],
    ['missing=default, resolution=ignore-duplicates', { ...none, missing: 'default', resolution: 'ignore-duplicates' }],
    ['tx=rollback, timezone=UTC, max-affected=5, params=single-object', none],
    ['return=minimal, return=representation', { ...none, return: 'minimal' }],
    // PostgREST matches tokens exactly: these are not preferences it knows.
    [
      'Return=Representation, count = exact, return=everything',
      { ...none, invalid: ['Return=Representation', 'count = exact', 'return=everything'] },
    ],
  ])('reads %j', (header, expected) => {
    expect(parsePrefer(header)).toEqual(expected)
  })

  it('refuses unknown preferences only with handling=strict', () => {
    expect(parsePrefer('handling=lenient, shiny').invalid).toEqual(['shiny'])
    expect(() => parsePrefer('handling=strict, shiny, return=minimal, tx=commit')).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'PGRST122', details: 'Invalid preferences: shiny' }) as Error,
    )
    expect(parsePrefer('handling=strict, return=minimal').handling).toBe('strict')
  })
})

describe('preferenceApplied', () => {
  it('lists what was given, of the kinds asked for, in PostgREST’s order', () => {
    const prefer = parsePrefer('count=exact, return=representation, missing=default, resolution=merge-duplicates, x')
    expect(preferenceApplied(prefer, ['resolution', 'missing', 'return', 'count', 'handling'])).toBe(
      'resolution=merge-duplicates, missing=default, return=representation, count=exact',
    )
    expect(preferenceApplied(prefer, ['count', 'handling'])).toBe('count=exact')
    expect(preferenceApplied(parsePrefer('x'), ['return'])).toBeUndefined()
  })
})

describe('wantsCount', () => {
  it.each([
    ['count=exact', true],
    ['count=estimated', true],
    ['count=planned', false],
    ['', false],
  ])('%j: %s', (header, expected) => {
    expect(wantsCount(parsePrefer(header))).toBe(expected)
  })
})
