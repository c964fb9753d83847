import {
  spendAmountSchema,
  spendCampaignSchema,
  spendCurrencySchema,
  spendDay,
  spendSourceSchema,
} from '../../common/spend-api-schema.ts'
import { SPEND_CSV_COLUMNS, SPEND_IMPORT_MAX_ROWS } from '../../common/spend-api.ts'
import { spendRow } from './spend-row.ts'
import type { SpendRow } from './spend-store.ts'

/** Why an import is refused, with the line (the header is line 1) where it went wrong. */
export class SpendCsvError extends Error {}

/**
 * The CSV's records with the line each starts on: fields split on commas,
 * a field in double quotes may hold commas, quotes ("") and line breaks.
 */
function* records(csv: string): Generator<{ line: number; fields: string[] }> {
  let line = 1
  let start = 1
  let fields: string[] = []
  let field = ''
  let quoted = false
  const text = csv.replace(/^\uFEFF/u, '')
  const endField = () => {
    fields.push(field)
    field = ''
  }
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else {
        if (char === '\n') line++
        field += char
      }
    } else if (char === '"' && field === '') quoted = true
    else if (char === ',') endField()
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      endField()
      yield { line: start, fields }
      fields = []
      line++
      start = line
    } else field += char
  }
  if (quoted) throw new SpendCsvError(`line ${start}: a quoted field is never closed`)
  if (field !== '' || fields.length > 0) yield { line: start, fields: [...fields, field] }
}

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? 'is not valid'

/** One record as a row to store, or the reason it is refused. */
function readRecord(fields: string[], currency: string): SpendRow | string {
  if (fields.length !== SPEND_CSV_COLUMNS.length)
    return `expected ${SPEND_CSV_COLUMNS.length} columns (${SPEND_CSV_COLUMNS.join(',')}), found ${fields.length}`
  const [date = '', sourceText = '', campaignText = '', amountText = '', currencyText = ''] = fields.map((f) =>
    f.trim(),
  )
  const per = /^\d{4}-\d{2}$/.test(date) ? 'month' : 'day'
  const day = spendDay(date, per)
  if (day === undefined) return `date must be YYYY-MM-DD (a day) or YYYY-MM (a month), not ${JSON.stringify(date)}`
  const source = spendSourceSchema.safeParse(sourceText)
  if (!source.success) return `source ${firstError(source)}`
  const campaign = spendCampaignSchema.safeParse(campaignText)
  if (!campaign.success) return `campaign ${firstError(campaign)}`
  const amount = spendAmountSchema.safeParse(amountText)
  if (!amount.success) return firstError(amount)
  const code = currencyText === '' ? undefined : spendCurrencySchema.safeParse(currencyText)
  if (code && !code.success) return firstError(code)
  const row = spendRow(
    { per, day, source: source.data, campaign: campaign.data, amount: amount.data, currency: code?.data },
    currency,
  )
  return 'error' in row ? row.error : row
}

/**
 * Every row of an import, or a SpendCsvError naming the first bad line: the
 * header must be SPEND_CSV_COLUMNS, blank lines are skipped, and a key
 * (date, source, campaign) may appear once.
 */
export function readSpendCsv(csv: string, currency: string): SpendRow[] {
  const rows: SpendRow[] = []
  const seen = new Map<string, number>()
  let header = true
  for (const { line, fields } of records(csv)) {
    if (header) {
      const names = fields.map((name) => name.trim().toLowerCase())
      if (names.join(',') !== SPEND_CSV_COLUMNS.join(','))
        throw new SpendCsvError(`line 1: the header must be ${SPEND_CSV_COLUMNS.join(',')}`)
      header = false
      continue
    }
    if (fields.length === 1 && fields[0]?.trim() === '') continue
    if (rows.length === SPEND_IMPORT_MAX_ROWS)
      throw new SpendCsvError(`line ${line}: an import holds at most ${SPEND_IMPORT_MAX_ROWS} rows`)
    const row = readRecord(fields, currency)
    if (typeof row === 'string') throw new SpendCsvError(`line ${line}: ${row}`)
    const key = JSON.stringify([row.per, row.day, row.source, row.campaign])
    const before = seen.get(key)
    if (before !== undefined)
      throw new SpendCsvError(`line ${line}: the same date, source and campaign as line ${before}`)
    seen.set(key, line)
    rows.push(row)
  }
  if (header) throw new SpendCsvError(`line 1: the header must be ${SPEND_CSV_COLUMNS.join(',')}`)
  if (rows.length === 0) throw new SpendCsvError('line 2: the file holds no rows after its header')
  return rows
}
