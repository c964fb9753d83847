import { conversionEventId, type ConversionStage } from '../../../common/ad-conversions.ts'
import type { GoogleAdsConfig } from '../../config/conversions-vars.ts'
import { BATCH_LIMITS, every, sendInBatches } from './batches.ts'
import { googleDateTime } from './event-times.ts'
import { googleAnswer } from './google-answer.ts'
import { GoogleAccessTokens } from './google-token.ts'
import { hashedEmail, hashedPhone } from './match-keys.ts'
import { postJson, type SenderOptions } from './platform-http.ts'
import type { ConversionAdjustment, ConversionEvent, ConversionResult } from './types.ts'

export interface GoogleOptions extends SenderOptions {
  /** The agency's zone (TIMEZONE): conversion times are written in it, with its offset. */
  timeZone: string
}

const actionName = (config: GoogleAdsConfig, stage: ConversionStage) => {
  const action = config.conversionActions[stage]
  return action === undefined ? undefined : `customers/${config.customerId}/conversionActions/${action}`
}

/**
 * One ClickConversion (Google Ads API reference, "ClickConversion"; "Enhanced
 * conversions for leads"): exactly one click id, gclid before gbraid before
 * wbraid; with none, the hashed email and phone.
 */
export function googleConversion(config: GoogleAdsConfig, event: ConversionEvent, timeZone: string) {
  const clickId =
    event.gclid !== undefined
      ? { gclid: event.gclid }
      : event.gbraid !== undefined
        ? { gbraid: event.gbraid }
        : event.wbraid !== undefined
          ? { wbraid: event.wbraid }
          : undefined
  const email = hashedEmail('google', event.email)
  const phone = hashedPhone('google', event.phone)
  const userIdentifiers = [
    ...(email === undefined ? [] : [{ hashedEmail: email }]),
    ...(phone === undefined ? [] : [{ hashedPhoneNumber: phone }]),
  ]
  return {
    conversionAction: actionName(config, event.stage),
    conversionDateTime: googleDateTime(event.occurredAt, timeZone),
    ...(clickId ?? { userIdentifiers }),
    orderId: conversionEventId(event.submissionId, event.stage),
    ...(event.value === undefined ? {} : { conversionValue: event.value.amount, currencyCode: event.value.currency }),
    consent: { adUserData: 'GRANTED' },
  }
}

/** One ConversionAdjustment: a RETRACTION or a RESTATEMENT of the conversion with that order id. */
export function googleAdjustment(config: GoogleAdsConfig, adjustment: ConversionAdjustment, timeZone: string) {
  return {
    conversionAction: actionName(config, adjustment.stage),
    adjustmentType: adjustment.kind === 'retraction' ? 'RETRACTION' : 'RESTATEMENT',
    orderId: conversionEventId(adjustment.submissionId, adjustment.stage),
    adjustmentDateTime: googleDateTime(adjustment.adjustedAt, timeZone),
    ...(adjustment.kind === 'restatement' && adjustment.value !== undefined
      ? { restatementValue: { adjustedValue: adjustment.value.amount, currencyCode: adjustment.value.currency } }
      : {}),
  }
}

function googleCheck(config: GoogleAdsConfig, event: ConversionEvent): ConversionResult | undefined {
  if (actionName(config, event.stage) === undefined)
    return {
      status: 'skipped',
      reason: `no Google Ads conversion action for ${event.stage} (GOOGLE_ADS_CONVERSION_ACTIONS)`,
    }
  const clickId = event.gclid ?? event.gbraid ?? event.wbraid
  if (clickId === undefined && !hashedEmail('google', event.email) && !hashedPhone('google', event.phone))
    return { status: 'skipped', reason: 'no click id (gclid, gbraid, wbraid) and no email or phone to match on' }
  return undefined
}

export function googleSender(config: GoogleAdsConfig, options: GoogleOptions) {
  const tokens = new GoogleAccessTokens(config, options)

  async function upload(method: string, body: Record<string, unknown>, count: number, retried = false) {
    const access = await tokens.get()
    if ('refused' in access) return every(count, access.refused)
    const headers: Record<string, string> = {
      authorization: `Bearer ${access.token}`,
      'developer-token': config.developerToken,
      ...(config.loginCustomerId === undefined ? {} : { 'login-customer-id': config.loginCustomerId }),
    }
    const url = `${config.apiUrl}/customers/${config.customerId}:${method}`
    const exchange = await postJson(url, { ...body, partialFailure: true }, headers, options.timeoutMs)
    if ('unanswered' in exchange) return every(count, { status: 'retry', reason: `Google Ads: ${exchange.unanswered}` })
    const results = googleAnswer(exchange.answer, count, options.now())
    if (results !== 'unauthorized') return results
    // The token may have lapsed early: one new one, then the refusal stands.
    tokens.forget(access.token)
    if (!retried) return upload(method, body, count, true)
    return every(count, { status: 'paused', reason: 'Google Ads refused the access token (401) twice' })
  }

  return {
    send(events: readonly ConversionEvent[]) {
      return sendInBatches(
        events,
        BATCH_LIMITS.google,
        (event) => googleCheck(config, event),
        (batch) =>
          upload(
            'uploadClickConversions',
            { conversions: batch.map((event) => googleConversion(config, event, options.timeZone)) },
            batch.length,
          ),
      )
    },
    sendAdjustments(adjustments: readonly ConversionAdjustment[]) {
      return sendInBatches(
        adjustments,
        BATCH_LIMITS.google,
        (adjustment) =>
          actionName(config, adjustment.stage) === undefined
            ? { status: 'skipped', reason: `no Google Ads conversion action for ${adjustment.stage}` }
            : undefined,
        (batch) =>
          upload(
            'uploadConversionAdjustments',
            {
              conversionAdjustments: batch.map((adjustment) => googleAdjustment(config, adjustment, options.timeZone)),
            },
            batch.length,
          ),
      )
    },
    /** Validated only (`validateOnly`): Google checks the token, the account and the action, and records nothing. */
    async test(): Promise<ConversionResult> {
      const stage = (Object.keys(config.conversionActions) as ConversionStage[])[0] ?? 'application'
      const now = options.now()
      const event = { submissionId: `test-${now.getTime()}`, stage, occurredAt: now, email: 'test@example.com' }
      const [result] = await upload(
        'uploadClickConversions',
        { conversions: [googleConversion(config, event, options.timeZone)], validateOnly: true },
        1,
      )
      return result ?? { status: 'failed', reason: 'Google Ads answered for no row' }
    },
  }
}
