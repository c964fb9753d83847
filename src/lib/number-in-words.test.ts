import { describe, expect, it } from 'vitest'
import { numberInWords, numberInWordsCapitalized } from './number-in-words.ts'

describe('numberInWords', () => {
  it.each([
    [1, 'one'],
    [8, 'eight'],
    [9, 'nine'],
    [12, 'twelve'],
    [20, 'twenty'],
  ])('writes %i as %s', (count, word) => {
    expect(numberInWords(count)).toBe(word)
  })

  it('capitalizes the word to open a sentence', () => {
    expect(numberInWordsCapitalized(9)).toBe('Nine')
  })

  it.each([0, 21, -1, 2.5, Number.NaN])('refuses %s rather than write it wrong', (count) => {
    expect(() => numberInWords(count)).toThrow(RangeError)
  })
})
