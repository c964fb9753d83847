import { stringify } from 'csv-stringify/sync'

// What a spreadsheet reads as the start of a formula (OWASP's CSV injection
// list, plus the full-width forms that Apple Numbers folds into them).
const FORMULA_CHARACTER = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20'

// Quoting every field keeps a comma-locale spreadsheet from splitting inside a
// value, but this file is comma-separated and a semicolon locale (German, French,
// Dutch…) splits it at every `;`, quotes or not: from a `;` inside a value on,
// the quotes no longer line up with the cells, so a cell (or, after a line break,
// a row) starts in the middle of an applicant's answer. Text to Columns and naive
// splitters do the same at a `,` or a tab. So a formula character is guarded
// wherever a cell could start: at the start of the value and after any `,` `;`
// tab or line break, past spaces (which some importers trim) and double quotes
// (which an importer may take as the cell's quoting).
const FORMULA_START = new RegExp(`(?<=(?:^|[,;\\t\\r\\n])[ "]*)(?=[${FORMULA_CHARACTER}])`, 'g')

/**
 * `text` with a single quote before every formula character a spreadsheet
 * could see at the start of a cell, as OWASP recommends: the spreadsheet then
 * shows the text instead of running it.
 */
export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_START, () => "'")
}

const OPTIONS = {
  quoted: true,
  quoted_empty: true,
  record_delimiter: 'windows',
  cast: { string: neutraliseFormulas },
} as const

/**
 * One record as RFC 4180 wants it, ended by CRLF, with every field quoted and
 * formulas neutralised. null and undefined become an empty field.
 */
export function csvRecord(values: readonly unknown[]): string {
  return stringify([values.map((value) => (value === null || value === undefined ? '' : String(value)))], OPTIONS)
}
