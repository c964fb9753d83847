import { describe, expect, it } from 'vitest'
import { csvField, csvRecord } from './csv.ts'

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['ends\r\n', '"ends\r\n"'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    ['é ✓ 日本', 'é ✓ 日本'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected)
  })

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+44 20 7946 0958', "'+44 20 7946 0958"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises the formula %j', (value, expected) => {
    expect(csvField(value)).toBe(expected)
  })

  it('leaves formula characters alone when they are not first', () => {
    expect(csvField('a=b+c-d@e')).toBe('a=b+c-d@e')
    expect(csvField(' =1')).toBe(' =1')
  })
})

describe('csvRecord', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null])).toBe('a,"b,c",\r\n')
  })
})
