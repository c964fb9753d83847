import { listCopy } from './list-copy.ts'

describe('the lead list’s count', () => {
  it.each([
    [0, false, false, '0 leads'],
    [1, false, false, '1 lead'],
    [48, false, false, '48 leads'],
    [1234, false, false, '1,234 leads'],
    [10_000, true, false, '10,000+ leads'],
    [1, false, true, '1 entry'],
    [2, false, true, '2 entries'],
  ])('reads %i (capped: %s, spam: %s) as "%s"', (count, capped, spam, text) => {
    expect(listCopy.count(count, capped, spam)).toBe(text)
  })

  it('names what a bulk change did, in the singular for one', () => {
    expect(listCopy.bulkStatusDone(1, 'Won')).toBe('1 lead is now Won.')
    expect(listCopy.bulkStatusDone(3, 'Won')).toBe('3 leads are now Won.')
    expect(listCopy.eraseTitle(2, false)).toBe('Erase 2 leads?')
    expect(listCopy.erased(1, true)).toBe('1 entry erased.')
  })
})
