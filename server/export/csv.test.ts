import { describe, expect, it } from 'vitest'
import { seededRandom } from '../testing/seeded-random.ts'
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
    expect(csvRecord(['a=b+c-d@e', '1,000-5,000', 'Ads, reels; more'])).toBe(
      '"a=b+c-d@e","1,000-5,000","Ads, reels; more"\r\n',
    )
  })

  it.each(CSV_INJECTION_PAYLOADS)('writes %j so that no reader in any locale sees a formula', (payload) => {
    const text = [
      ['id', 'answer', 'next'],
      ['1', payload, payload],
      ['2', `${payload};${payload}`, '=1'],
    ]
      .map(csvRecord)
      .join('')
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

// The rule as it was first written, a pattern that looks back past the spaces
// and quotes (and so rescans them at every position): kept as the reference
// the one-pass scan must agree with.
const REFERENCE = /(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g
const reference = (text: string) => text.replace(REFERENCE, () => "'")

// Every character the rule looks at, a few it must not, a lone surrogate and an emoji.
const ALPHABET = [
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  ',',
  ';',
  ' ',
  '"',
  "'",
  'a',
  '1',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
  '\uD83D',
  '😀',
]

describe('neutraliseFormulas', () => {
  it('agrees with the reference pattern on 50,000 random strings of the characters it cares about', () => {
    const random = seededRandom(20260131)
    const disagreements: string[] = []
    for (let index = 0; index < 50_000; index++) {
      let text = ''
      const length = Math.floor(random() * 13)
      for (let position = 0; position < length; position++) text += ALPHABET[Math.floor(random() * ALPHABET.length)]
      if (neutraliseFormulas(text) !== reference(text)) disagreements.push(text)
    }
    expect(disagreements).toEqual([])
  })

  it.each([
    ['an a, spaces and an a', `a${' '.repeat(4998)}a`, `a${' '.repeat(4998)}a`],
    ['spaces, then a formula', `${' '.repeat(4999)}=`, `${' '.repeat(4999)}'=`],
    ['quotes, then a formula', `${'"'.repeat(4999)}-`, `${'"'.repeat(4999)}'-`],
    ['a semicolon, spaces and quotes, then a formula', `;${' "'.repeat(2499)}@`, `;${' "'.repeat(2499)}'@`],
    ['a word, then spaces and a formula', `x${' '.repeat(4998)}=`, `x${' '.repeat(4998)}=`],
    ['separators only', ',;\n'.repeat(1666) + ',;', ',;\n'.repeat(1666) + ',;'],
    ['tabs, each a formula where a cell starts', '\t'.repeat(5000), "'\t".repeat(5000)],
    ['formulas after semicolons', ';='.repeat(2500), ";'=".repeat(2500)],
    ['formulas after a comma and spaces', ', +'.repeat(1666) + ', ', ", '+".repeat(1666) + ', '],
  ])('guards exactly where a cell could start in 5,000 characters of %s', (_name, text, expected) => {
    expect(text).toHaveLength(5000)
    expect(neutraliseFormulas(text)).toBe(expected)
  })

  it('writes a record of 5,000-character answers exactly', () => {
    expect(csvRecord([`${'"'.repeat(4999)}=`, `;${' '.repeat(4998)}+`])).toBe(
      `"${'""'.repeat(4999)}'=",";${' '.repeat(4998)}'+"\r\n`,
    )
  })

  // The reference pattern takes minutes over this: its work grows with the
  // square of the run of spaces. One pass takes a moment.
  it('reads a run of 300,000 spaces before a formula in one pass', { timeout: 10_000 }, () => {
    expect(neutraliseFormulas(`;${' '.repeat(300_000)}=`)).toBe(`;${' '.repeat(300_000)}'=`)
    expect(neutraliseFormulas(`a${' '.repeat(300_000)}a`)).toBe(`a${' '.repeat(300_000)}a`)
  })
})
