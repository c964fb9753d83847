import { stringify } from 'csv-stringify/sync'

// What a spreadsheet reads as the start of a formula (OWASP's CSV injection
// list, plus the full-width forms that Apple Numbers folds into them).
const FORMULA_CHARACTERS = '=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20'

// Quoting every field keeps a comma-locale spreadsheet from splitting inside a
// value, but this file is comma-separated and a semicolon locale (German, French,
// Dutch…) splits it at every `;`, quotes or not: from a `;` inside a value on,
// the quotes no longer line up with the cells, so a cell (or, after a line break,
// a row) starts in the middle of an applicant's answer. Text to Columns and naive
// splitters do the same at a `,` or a tab. So a formula character is guarded
// wherever a cell could start: at the start of the value and after any `,` `;`
// tab or line break, past spaces (which some importers trim) and double quotes
// (which an importer may take as the cell's quoting).
const CELL_SEPARATORS = ',;\t\r\n'
const SKIPPED_AT_CELL_START = ' "'

// What each UTF-16 code unit does to the scan, as bits; a table, as every
// character of every answer of an export goes through it.
const FORMULA = 1
const SEPARATOR = 2
const SKIPPED = 4
const ROLES = new Uint8Array(0x10000)
const mark = (characters: string, role: number) => {
  for (const character of characters) {
    const code = character.charCodeAt(0)
    ROLES[code] = (ROLES[code] ?? 0) | role
  }
}
mark(FORMULA_CHARACTERS, FORMULA)
mark(CELL_SEPARATORS, SEPARATOR)
mark(SKIPPED_AT_CELL_START, SKIPPED)

/**
 * `text` with a single quote before every formula character a spreadsheet
 * could see at the start of a cell, as OWASP recommends: the spreadsheet then
 * shows the text instead of running it.
 */
export function neutraliseFormulas(text: string): string {
  // One pass, remembering whether a cell could start here: a pattern that looks
  // back past the spaces rescans them at every position, so an answer of a few
  // thousand spaces would cost milliseconds in which the server answers nothing else.
  let guarded = ''
  let copied = 0
  let atCellStart = true
  for (let index = 0; index < text.length; index++) {
    const role = ROLES[text.charCodeAt(index)] ?? 0
    if (atCellStart && (role & FORMULA) !== 0) {
      guarded += `${text.slice(copied, index)}'`
      copied = index
    }
    // Tab and CR are both: guarded where a cell starts, and the start of the next one.
    if ((role & SEPARATOR) !== 0) atCellStart = true
    else if ((role & SKIPPED) === 0) atCellStart = false
  }
  return guarded === '' ? text : guarded + text.slice(copied)
}

const OPTIONS = {
  quoted: true,
  quoted_empty: true,
  record_delimiter: 'windows',
  cast: { string: neutraliseFormulas },
} as const

// For a CRM's import, which takes a value as it is: a guard there would become
// part of a phone number or a handle.
const PLAIN_OPTIONS = { quoted: true, quoted_empty: true, record_delimiter: 'windows' } as const

const fields = (values: readonly unknown[]) =>
  values.map((value) => (value === null || value === undefined ? '' : String(value)))

/**
 * One record as RFC 4180 wants it, ended by CRLF, with every field quoted and
 * formulas neutralised. null and undefined become an empty field.
 */
export function csvRecord(values: readonly unknown[]): string {
  return stringify([fields(values)], OPTIONS)
}

/** As csvRecord, without the formula guard: values as they are. */
export function plainCsvRecord(values: readonly unknown[]): string {
  return stringify([fields(values)], PLAIN_OPTIONS)
}
