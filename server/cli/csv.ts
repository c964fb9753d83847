// A spreadsheet treats a cell starting with one of these as a formula, so an
// applicant could make the operator's spreadsheet run one (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV field as RFC 4180 wants it (quoted when it holds a quote, comma or
 * line break; quotes doubled), with would-be formulas neutralised by a leading
 * single quote, as OWASP recommends. null and undefined become an empty field.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record, ended by CRLF as RFC 4180 says. */
export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}
