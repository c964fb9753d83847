import { describe, expect, it } from 'vitest'
import { parsePrefer } from './prefer.ts'

describe('parsePrefer', () => {
  it.each([
    [undefined, { return: 'minimal', count: false }],
    ['', { return: 'minimal', count: false }],
    ['return=minimal', { return: 'minimal', count: false }],
    ['return=representation', { return: 'representation', count: false }],
    ['Return=Representation , count=exact', { return: 'representation', count: true }],
    [['count=exact', 'return=representation'], { return: 'representation', count: true }],
    ['return=headers-only, tx=rollback, nonsense', { return: 'minimal', count: false }],
  ])('reads %j', (header, expected) => {
    expect(parsePrefer(header)).toEqual(expected)
  })
})
