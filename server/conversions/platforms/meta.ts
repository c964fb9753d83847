import { conversionEventId } from '../../../common/ad-conversions.ts'
import type { MetaConfig } from '../../config/conversions-vars.ts'
import { BATCH_LIMITS, every, narrowed, sendInBatches, type BatchAnswer } from './batches.ts'
import { MAX_EVENT_AGE_MS, unixSeconds } from './event-times.ts'
import { hashedEmail, hashedPhone, metaFbc, sha256Hex } from './match-keys.ts'
import { metaAnswer } from './meta-answer.ts'
import { postJson, type SenderOptions } from './platform-http.ts'
import type { ConversionEvent, ConversionResult } from './types.ts'

/** One event as Meta's Conversions API takes it (DESIGN "Ad platforms", Meta's "Parameters" pages). */
export function metaEvent(config: MetaConfig, event: ConversionEvent, now: Date) {
  const em = hashedEmail('meta', event.email)
  const ph = hashedPhone('meta', event.phone)
  // Meta requires the page and the browser for a website event; a later stage is the system's doing.
  const website = event.stage === 'application' && event.pageUrl !== undefined && event.userAgent !== undefined
  return {
    event_name: config.eventNames[event.stage],
    event_time: unixSeconds(event.occurredAt, now),
    event_id: conversionEventId(event.submissionId, event.stage),
    action_source: website ? 'website' : 'system_generated',
    ...(event.pageUrl === undefined ? {} : { event_source_url: event.pageUrl }),
    user_data: {
      ...(em === undefined ? {} : { em: [em] }),
      ...(ph === undefined ? {} : { ph: [ph] }),
      external_id: [sha256Hex(event.submissionId)],
      ...(event.clientIp === undefined ? {} : { client_ip_address: event.clientIp }),
      ...(event.userAgent === undefined ? {} : { client_user_agent: event.userAgent }),
      ...(event.fbclid === undefined ? {} : { fbc: metaFbc(event.fbclid.value, event.fbclid.capturedAt) }),
    },
    ...(event.value === undefined
      ? {}
      : { custom_data: { value: event.value.amount, currency: event.value.currency } }),
  }
}

export const metaEventsUrl = (config: MetaConfig) =>
  `${config.apiUrl}/${encodeURIComponent(config.pixelId)}/events?access_token=${encodeURIComponent(config.accessToken)}`

// What Meta would refuse is not sent: one such event fails the whole request.
function metaCheck(event: ConversionEvent, now: Date): ConversionResult | undefined {
  if (now.getTime() - event.occurredAt.getTime() > MAX_EVENT_AGE_MS)
    return { status: 'expired', reason: 'older than 7 days: Meta takes no event older' }
  if (event.fbclid === undefined && !hashedEmail('meta', event.email) && !hashedPhone('meta', event.phone))
    return { status: 'skipped', reason: 'no click id (fbclid) and no email or phone to match on' }
  return undefined
}

async function postMeta(config: MetaConfig, data: readonly unknown[], options: SenderOptions): Promise<BatchAnswer> {
  const body = { data, ...(config.testEventCode === undefined ? {} : { test_event_code: config.testEventCode }) }
  const exchange = await postJson(metaEventsUrl(config), body, {}, options.timeoutMs)
  if ('unanswered' in exchange) return { results: every(data.length, { status: 'retry', reason: exchange.unanswered }) }
  return metaAnswer(exchange.answer, data.length)
}

export function metaSender(config: MetaConfig, options: SenderOptions) {
  return {
    send(events: readonly ConversionEvent[]) {
      const now = options.now()
      return sendInBatches(
        events,
        BATCH_LIMITS.meta,
        (event) => metaCheck(event, now),
        (batch) =>
          narrowed(
            batch.map((event) => metaEvent(config, event, now)),
            (data) => postMeta(config, data, options),
          ),
      )
    },
    async test(): Promise<ConversionResult> {
      if (config.testEventCode === undefined)
        return { status: 'skipped', reason: 'META_TEST_EVENT_CODE is not set: a test event would count as real' }
      const now = options.now()
      const event = {
        event_name: config.eventNames.application,
        event_time: unixSeconds(now, now),
        event_id: `test:${now.getTime()}`,
        action_source: 'system_generated',
        user_data: { external_id: [sha256Hex(`test:${now.getTime()}`)] },
      }
      const answer = await postMeta(config, [event], options)
      if ('refusedWhole' in answer) return answer.refusedWhole
      return answer.results[0] ?? { status: 'failed', reason: 'Meta answered for no event' }
    },
  }
}
