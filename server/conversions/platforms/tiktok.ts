import { conversionEventId } from '../../../common/ad-conversions.ts'
import type { TiktokConfig } from '../../config/conversions-vars.ts'
import { BATCH_LIMITS, every, narrowed, sendInBatches, type BatchAnswer } from './batches.ts'
import { MAX_EVENT_AGE_MS, unixSeconds } from './event-times.ts'
import { hashedEmail, hashedPhone, sha256Hex } from './match-keys.ts'
import { field, postJson, stringField, type PlatformAnswer, type SenderOptions } from './platform-http.ts'
import type { ConversionEvent, ConversionResult } from './types.ts'

// TikTok's Business API codes: throttled, and an access token refused or lacking the pixel's permission.
const THROTTLED = 40100
const BAD_TOKEN = new Set([40001, 40002, 40105])

/** One event as TikTok's Events API 2.0 takes it (`/event/track/`, event_source web). */
export function tiktokEvent(config: TiktokConfig, event: ConversionEvent, now: Date) {
  const email = hashedEmail('tiktok', event.email)
  const phone = hashedPhone('tiktok', event.phone)
  return {
    event: config.eventNames[event.stage],
    event_time: unixSeconds(event.occurredAt, now),
    event_id: conversionEventId(event.submissionId, event.stage),
    user: {
      ...(email === undefined ? {} : { email: [email] }),
      ...(phone === undefined ? {} : { phone: [phone] }),
      external_id: [sha256Hex(event.submissionId)],
      ...(event.ttclid === undefined ? {} : { ttclid: event.ttclid }),
      ...(event.clientIp === undefined ? {} : { ip: event.clientIp }),
      ...(event.userAgent === undefined ? {} : { user_agent: event.userAgent }),
    },
    ...(event.pageUrl === undefined ? {} : { page: { url: event.pageUrl } }),
    ...(event.value === undefined ? {} : { properties: { value: event.value.amount, currency: event.value.currency } }),
  }
}

function tiktokCheck(event: ConversionEvent, now: Date): ConversionResult | undefined {
  if (now.getTime() - event.occurredAt.getTime() > MAX_EVENT_AGE_MS)
    return { status: 'expired', reason: 'older than 7 days: TikTok attributes no event older' }
  if (event.ttclid === undefined && !hashedEmail('tiktok', event.email) && !hashedPhone('tiktok', event.phone))
    return { status: 'skipped', reason: 'no click id (ttclid) and no email or phone to match on' }
  return undefined
}

/** TikTok answers HTTP 200 with its own `code`: 0 is success, anything else is about the whole request. */
export function tiktokAnswer(answer: PlatformAnswer, count: number): BatchAnswer {
  const all = (result: ConversionResult): BatchAnswer => ({ results: every(count, result) })
  const code = Number(field(answer.body, 'code'))
  const requestId = stringField(answer.body, 'request_id')
  if (answer.status === 200 && code === 0) return all({ status: 'sent', traceId: requestId })
  const said = stringField(answer.body, 'message')
  const reason = `TikTok answered ${answer.status}${Number.isFinite(code) ? `, code ${code}` : ''}${said === undefined ? '' : `: ${said}`}${requestId === undefined ? '' : ` (request ${requestId})`}`
  if (BAD_TOKEN.has(code) || answer.status === 401 || answer.status === 403) return all({ status: 'paused', reason })
  if (code === THROTTLED || answer.status === 429 || answer.status >= 500) return all({ status: 'retry', reason })
  return { refusedWhole: { status: 'failed', reason } }
}

async function postTiktok(
  config: TiktokConfig,
  data: readonly unknown[],
  options: SenderOptions,
): Promise<BatchAnswer> {
  const body = {
    event_source: 'web',
    event_source_id: config.pixelCode,
    ...(config.testEventCode === undefined ? {} : { test_event_code: config.testEventCode }),
    data,
  }
  const exchange = await postJson(
    `${config.apiUrl}/event/track/`,
    body,
    { 'access-token': config.accessToken },
    options.timeoutMs,
  )
  if ('unanswered' in exchange)
    return { results: every(data.length, { status: 'retry', reason: `TikTok: ${exchange.unanswered}` }) }
  return tiktokAnswer(exchange.answer, data.length)
}

export function tiktokSender(config: TiktokConfig, options: SenderOptions) {
  return {
    send(events: readonly ConversionEvent[]) {
      const now = options.now()
      return sendInBatches(
        events,
        BATCH_LIMITS.tiktok,
        (event) => tiktokCheck(event, now),
        (batch) =>
          narrowed(
            batch.map((event) => tiktokEvent(config, event, now)),
            (data) => postTiktok(config, data, options),
          ),
      )
    },
    async test(): Promise<ConversionResult> {
      if (config.testEventCode === undefined)
        return { status: 'skipped', reason: 'TIKTOK_TEST_EVENT_CODE is not set: a test event would count as real' }
      const now = options.now()
      const event = { submissionId: `test-${now.getTime()}`, stage: 'application' as const, occurredAt: now }
      const answer = await postTiktok(config, [tiktokEvent(config, event, now)], options)
      if ('refusedWhole' in answer) return answer.refusedWhole
      return answer.results[0] ?? { status: 'failed', reason: 'TikTok answered for no event' }
    },
  }
}
