import { every, type BatchAnswer } from './batches.ts'
import { field, stringField, type PlatformAnswer } from './platform-http.ts'
import type { ConversionResult } from './types.ts'

// Graph API error codes (Meta's "Handling errors" and Conversions API "Support" pages).
const RATE_LIMITED = new Set([4, 17, 32, 613, 80003])
const TRANSIENT = new Set([1, 2])
const BAD_TOKEN = new Set([102, 190])
const EVENT_TOO_OLD = 2804003

const isPermissionCode = (code: number) => code === 10 || (code >= 200 && code <= 299)

/**
 * Meta's answer to one request of `count` events. Success is HTTP 200 and
 * every event counted (`events_received`); an error is the Graph API's
 * `{error: {code, error_subcode, message}}`, which is about the whole request.
 */
export function metaAnswer(answer: PlatformAnswer, count: number): BatchAnswer {
  const all = (result: ConversionResult): BatchAnswer => ({ results: every(count, result) })
  const traceId = stringField(answer.body, 'fbtrace_id')
  if (answer.status >= 200 && answer.status < 300) {
    const received = field(answer.body, 'events_received')
    if (received === count) return all({ status: 'sent', traceId })
    // Resent with the same event_id, an event Meta did count is deduplicated.
    return all({ status: 'retry', reason: `Meta counted ${String(received)} of ${count} events (trace ${traceId})` })
  }
  const error = field(answer.body, 'error')
  const code = Number(field(error, 'code'))
  const subcode = Number(field(error, 'error_subcode'))
  const said = [stringField(error, 'error_user_msg') ?? stringField(error, 'message'), `code ${code}`]
  if (Number.isFinite(subcode)) said.push(`subcode ${subcode}`)
  const trace = stringField(error, 'fbtrace_id') ?? traceId
  if (trace !== undefined) said.push(`trace ${trace}`)
  const reason = `Meta: ${said.filter(Boolean).join(', ')}`
  if (BAD_TOKEN.has(code) || isPermissionCode(code) || answer.status === 401) return all({ status: 'paused', reason })
  if (RATE_LIMITED.has(code) || TRANSIENT.has(code) || answer.status === 429 || answer.status >= 500)
    return all({ status: 'retry', reason })
  if (subcode === EVENT_TOO_OLD) return { refusedWhole: { status: 'expired', reason } }
  return { refusedWhole: { status: 'failed', reason } }
}
