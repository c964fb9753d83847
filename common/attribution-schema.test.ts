import { describe, expect, it } from 'vitest'
import { cleanAttribution } from './attribution-schema.ts'
import { ATTRIBUTION_MAX_BYTES, ATTRIBUTION_VALUE_MAX_LENGTH, TOUCH_KEYS } from './attribution.ts'

const touch = {
  utm_source: 'ig',
  utm_campaign: 'launch',
  fbclid: 'abc',
  landing_path: '/',
  captured_at: '2026-03-01T12:00:00.000Z',
}
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length

describe('cleanAttribution', () => {
  it('keeps a well-formed attribution as it is', () => {
    expect(cleanAttribution({ first_touch: touch, last_touch: touch })).toEqual({
      first_touch: touch,
      last_touch: touch,
    })
    const full = Object.fromEntries(TOUCH_KEYS.map((key) => [key, key === 'captured_at' ? touch.captured_at : 'x']))
    expect(cleanAttribution({ last_touch: full })).toEqual({ last_touch: full })
  })

  it('drops unknown keys, in the attribution and in a touch', () => {
    expect(cleanAttribution({ first_touch: { ...touch, email: 'a@b.c' }, middle_touch: touch, admin: true })).toEqual({
      first_touch: touch,
    })
    const hostile: unknown = JSON.parse(
      `{"__proto__": {"utm_source": "x"}, "last_touch": {"__proto__": {"gclid": "y"}, "utm_id": "1"}}`,
    )
    expect(cleanAttribution(hostile)).toEqual({ last_touch: { utm_id: '1' } })
  })

  it('drops a bad value and keeps the rest of its touch', () => {
    const dirty = {
      ...touch,
      utm_medium: 'm'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 1),
      utm_term: 7,
      utm_content: ['a'],
      utm_id: null,
      gclid: '',
      msclkid: 'nul\u0000byte',
      ttclid: 'half a pair \ud83d',
    }
    expect(cleanAttribution({ last_touch: dirty })).toEqual({ last_touch: touch })
    expect(cleanAttribution({ last_touch: { ...touch, captured_at: 'yesterday' } })).toEqual({
      last_touch: { utm_source: 'ig', utm_campaign: 'launch', fbclid: 'abc', landing_path: '/' },
    })
  })

  it('keeps a value at 255 characters, emoji counted as JavaScript counts them', () => {
    const edge = {
      utm_source: 'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH),
      utm_term: '😀'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH / 2 - 0.5),
    }
    expect(cleanAttribution({ first_touch: edge })).toEqual({ first_touch: edge })
  })

  it('drops a touch that is not an object or keeps nothing', () => {
    expect(cleanAttribution({ first_touch: 'ig', last_touch: touch })).toEqual({ last_touch: touch })
    expect(cleanAttribution({ first_touch: [touch], last_touch: { utm_source: 42 } })).toBeNull()
  })

  it.each([null, undefined, 'utm_source=ig', 42, [], {}, { first_touch: {} }])('is null for %j', (value) => {
    expect(cleanAttribution(value)).toBeNull()
  })

  it('is null, whole, when what it keeps is over 4 KB of JSON; unknown keys do not count', () => {
    const wide = (character: string) =>
      Object.fromEntries(TOUCH_KEYS.slice(0, 14).map((key) => [key, character.repeat(ATTRIBUTION_VALUE_MAX_LENGTH)]))
    const over = { first_touch: wide('a'), last_touch: wide('b') }
    expect(bytes(over)).toBeGreaterThan(ATTRIBUTION_MAX_BYTES)
    expect(cleanAttribution(over)).toBeNull()

    const padded = { first_touch: { ...touch, padding: 'p'.repeat(10_000) } }
    expect(cleanAttribution(padded)).toEqual({ first_touch: touch })

    // Bytes, not characters: 14 values of 255 'é' are 7 KB.
    expect(cleanAttribution({ last_touch: wide('é') })).toBeNull()
    expect(bytes({ last_touch: wide('a') })).toBeLessThanOrEqual(ATTRIBUTION_MAX_BYTES)
    expect(cleanAttribution({ last_touch: wide('a') })).toEqual({ last_touch: wide('a') })
  })
})
