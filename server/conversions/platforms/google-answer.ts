import { every } from './batches.ts'
import { field, stringField, type PlatformAnswer } from './platform-http.ts'
import type { ConversionResult } from './types.ts'

// Google asks for these to wait six hours (ConversionUploadError, ConversionAdjustmentUploadError).
const TOO_RECENT = new Set(['TOO_RECENT_EVENT', 'TOO_RECENT_CONVERSION_ACTION', 'TOO_RECENT_CONVERSION'])
const TOO_RECENT_WAIT_MS = 6 * 3_600_000
// Already there: the same order id or click and time was recorded before (a resend after a crash).
const ALREADY_DONE = new Set([
  'CLICK_CONVERSION_ALREADY_EXISTS',
  'ORDER_ID_ALREADY_IN_USE',
  'CONVERSION_ALREADY_RETRACTED',
])
const NOT_FOUND = new Set(['CLICK_NOT_FOUND', 'CONVERSION_NOT_FOUND'])
const EXPIRED = new Set(['EXPIRED_EVENT', 'CONVERSION_EXPIRED'])

interface GoogleError {
  /** The row of the request it is about, when it is about one. */
  row: number | undefined
  /** The error's enum name, such as CLICK_NOT_FOUND. */
  code: string
  message: string
  retryDelayMs: number | undefined
}

/** The errors of a GoogleAdsFailure status (`partialFailureError`, or `error` of a refused request). */
function googleErrors(status: unknown): GoogleError[] {
  const details = field(status, 'details')
  if (!Array.isArray(details)) return []
  return details.flatMap((detail) => {
    const errors = field(detail, 'errors')
    return Array.isArray(errors) ? errors.map(readError) : []
  })
}

function readError(error: unknown): GoogleError {
  const errorCode = field(error, 'errorCode')
  const code = typeof errorCode === 'object' && errorCode !== null ? Object.values(errorCode)[0] : undefined
  const path = field(field(error, 'location'), 'fieldPathElements')
  const first: unknown = Array.isArray(path) ? path[0] : undefined
  const index = field(first, 'index')
  const delay = stringField(field(field(error, 'details'), 'quotaErrorDetails'), 'retryDelay')
  const seconds = delay === undefined ? undefined : /^(\d+(?:\.\d+)?)s$/.exec(delay)?.[1]
  return {
    row: typeof index === 'number' && Number.isInteger(index) ? index : undefined,
    code: typeof code === 'string' ? code : 'UNKNOWN',
    message: stringField(error, 'message') ?? '',
    retryDelayMs: seconds === undefined ? undefined : Number(seconds) * 1000,
  }
}

function rowResult(error: GoogleError, now: Date, traceId: string | undefined): ConversionResult {
  const reason = `Google Ads: ${error.code}${error.message === '' ? '' : ` (${error.message})`}`
  if (ALREADY_DONE.has(error.code)) return { status: 'sent', traceId }
  if (NOT_FOUND.has(error.code)) return { status: 'skipped', reason }
  if (EXPIRED.has(error.code)) return { status: 'expired', reason }
  if (TOO_RECENT.has(error.code))
    return { status: 'retry', reason, notBefore: new Date(now.getTime() + TOO_RECENT_WAIT_MS) }
  if (error.retryDelayMs !== undefined)
    return { status: 'retry', reason, notBefore: new Date(now.getTime() + error.retryDelayMs) }
  return { status: 'failed', reason }
}

const requestId = (answer: PlatformAnswer) => answer.headers.get('request-id') ?? undefined

/**
 * Google's answer to an upload of `count` rows, read per row: with
 * `partialFailure`, HTTP 200 carries each refused row's error in
 * `partialFailureError`, located by its index; the rows not named were taken.
 * Any other status is about the whole request. `unauthorized` says a 401 came
 * back, which the caller answers by asking for a new access token once.
 */
export function googleAnswer(answer: PlatformAnswer, count: number, now: Date): ConversionResult[] | 'unauthorized' {
  const traceId = requestId(answer)
  if (answer.status === 200) {
    const results: ConversionResult[] = every(count, { status: 'sent', traceId })
    const errors = googleErrors(field(answer.body, 'partialFailureError'))
    const unplaced = errors.filter((error) => error.row === undefined || error.row >= count)
    for (const error of errors)
      if (!unplaced.includes(error)) results[error.row as number] = rowResult(error, now, traceId)
    // An error Google did not place cannot be pinned on a row: no row is claimed as sent on its strength.
    const [first] = unplaced
    if (first !== undefined)
      return results.map((result) => (result.status === 'sent' ? rowResult(first, now, traceId) : result))
    return results
  }
  if (answer.status === 401) return 'unauthorized'
  const error = field(answer.body, 'error')
  const errors = googleErrors(error)
  const said = stringField(error, 'message') ?? stringField(error, 'status') ?? ''
  const reason = `Google Ads answered ${answer.status}${said === '' ? '' : `: ${said}`}${traceId === undefined ? '' : ` (request ${traceId})`}`
  if (answer.status === 403) return every(count, { status: 'paused', reason })
  const delay = errors.find((found) => found.retryDelayMs !== undefined)?.retryDelayMs
  if (answer.status === 429 || answer.status >= 500 || delay !== undefined) {
    return every(count, {
      status: 'retry',
      reason: errors[0] === undefined ? reason : `${reason}: ${errors[0].code}`,
      notBefore: delay === undefined ? undefined : new Date(now.getTime() + delay),
    })
  }
  // A request refused whole for some of its rows: those rows fail, the others were not looked at.
  const placed = errors.filter((found) => found.row !== undefined && found.row < count)
  if (placed.length === 0) return every(count, { status: 'failed', reason })
  const results: ConversionResult[] = every(count, { status: 'retry', reason: `${reason}: refused with another row` })
  for (const found of placed) results[found.row as number] = rowResult(found, now, traceId)
  return results
}
