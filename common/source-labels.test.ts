import { describe, expect, it } from 'vitest'
import { DIRECT_SOURCE } from './funnel-api.ts'
import { sourceLabel, sourceName } from './source-labels.ts'

describe('source labels', () => {
  it('names the well-known utm_sources and referring hosts, in any case', () => {
    expect(sourceLabel('ig')).toBe('Instagram')
    expect(sourceLabel('IG')).toBe('Instagram')
    expect(sourceLabel('l.instagram.com')).toBe('Instagram')
    expect(sourceLabel('www.google.com')).toBe('Google')
    expect(sourceLabel('www.google.co.uk')).toBe('Google')
    expect(sourceLabel('t.co')).toBe('X (Twitter)')
  })

  it('shows an unknown source, and (direct), as they are', () => {
    expect(sourceName('spring-promo')).toBeUndefined()
    expect(sourceLabel('spring-promo')).toBe('spring-promo')
    expect(sourceLabel('ig-abc123')).toBe('ig-abc123')
    expect(sourceLabel(DIRECT_SOURCE)).toBe(DIRECT_SOURCE)
  })
})
