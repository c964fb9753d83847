import { describe, expect, it } from 'vitest'
import { valueWrap } from './value-wrap.ts'

describe('a board card value’s wrap', () => {
  it('keeps words whole, and lets only a long unbroken run break anywhere', () => {
    expect(valueWrap('£5,000 to £10,000 a month')).toBe('wrap-break-word')
    expect(valueWrap('Instagram')).toBe('wrap-break-word')
    expect(valueWrap('katherine.johnson@example-agency.com')).toBe('wrap-anywhere')
    expect(valueWrap('see https://example.com/a-very-long-path')).toBe('wrap-anywhere')
  })
})
