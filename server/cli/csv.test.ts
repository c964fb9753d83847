import { describe, expect, it } from 'vitest'
import { CSV_INJECTION_PAYLOADS, csvCells, formulaCells, splitCells } from '../testing/spreadsheet-cells.ts'
import { csvRecord, neutraliseFormulas } from './csv.ts'

describe('csvRecord', () => {
  it('quotes every field, doubles quotes, writes null as an empty field and ends with CRLF', () => {
    expect(csvRecord(['a', 'b,c', 'say "hi"', 'two\nlines', '', null, undefined, 42, 'é ✓ 日本'])).toBe(
      '"a","b,c","say ""hi""","two\nlines","","","","42","é ✓ 日本"\r\n',
    )
  })

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+44 20 7946 0958', `"'+44 20 7946 0958"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r'=1"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['x,=1+1', `"x,'=1+1"`],
    ['x; "=1', `"x; ""'=1"`],
    ['x\n-1', `"x\n'-1"`],
  ])('neutralises the formula in %j', (value, expected) => {
    expect(csvRecord([value])).toBe(`${expected}\r\n`)
  })

  it('leaves formula characters alone where no cell can start', () => {
    expect(csvRecord(['a=b+c-d@e', '1,000-5,000', 'Ads, reels; more'])).toBe('"a=b+c-d@e","1,000-5,000","Ads, reels; more"\r\n')
  })

  it.each(CSV_INJECTION_PAYLOADS)('writes %j so that no reader in any locale sees a formula', (payload) => {
    const text = [['id', 'answer', 'next'], ['1', payload, payload], ['2', `${payload};${payload}`, '=1']].map(csvRecord).join('')
    // Nothing is lost or changed: single quotes are only ever added.
    expect(neutraliseFormulas(payload).replaceAll("'", '')).toBe(payload.replaceAll("'", ''))
    const cells = csvCells(text)
    // Read as written, every value comes back whole, only guarded.
    expect(cells).toEqual([
      ['id', 'answer', 'next'],
      ['1', neutraliseFormulas(payload), neutraliseFormulas(payload)],
      ['2', neutraliseFormulas(`${payload};${payload}`), "'=1"],
    ])
    expect(formulaCells(cells)).toEqual([])
    for (const delimiter of [',', ';', '\t']) expect(formulaCells(splitCells(text, delimiter))).toEqual([])
  })
})
