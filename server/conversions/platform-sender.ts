import type { Touch } from '../../common/attribution.ts'
import { fromMinorUnits } from '../../common/money.ts'
import type {
  ConversionPlatforms,
  ConversionEvent as WireEvent,
  ConversionResult as WireResult,
} from './platforms/types.ts'
import type { ConversionEvent, ConversionResult, ConversionSender } from './ports.ts'

/** The wire's result in the rows' words: a sent event without the platform's trace id keeps an empty one. */
const toResult = (result: WireResult | undefined): ConversionResult => {
  if (result === undefined) return { kind: 'retry', reason: 'the platform gave no result for this event' }
  if (result.status === 'sent') return { kind: 'sent', traceId: result.traceId ?? '' }
  const { status, ...rest } = result
  return { kind: status, ...rest }
}

const amountOf = (value: ConversionEvent['value']) =>
  value && { amount: Number(fromMinorUnits(value.amountMinor, value.currency)), currency: value.currency }

const captureOf = (touch: Touch | undefined, fallback: Date) => {
  const at = touch?.captured_at === undefined ? Number.NaN : Date.parse(touch.captured_at)
  return Number.isNaN(at) ? fallback : new Date(at)
}

/**
 * One click id as the platforms need it: the latest touch's, else the first's
 * (a visitor who came back without it still clicked that ad), with the time
 * that touch was captured (Meta's fbc carries it).
 */
function clickIds(event: ConversionEvent) {
  const touches = [event.lead.attribution?.last_touch, event.lead.attribution?.first_touch]
  const find = (key: 'fbclid' | 'gclid' | 'gbraid' | 'wbraid' | 'ttclid') => {
    const touch = touches.find((candidate) => candidate?.[key])
    return touch && { value: touch[key] as string, capturedAt: captureOf(touch, event.lead.appliedAt) }
  }
  const fbclid = find('fbclid')
  return {
    fbclid,
    gclid: find('gclid')?.value,
    gbraid: find('gbraid')?.value,
    wbraid: find('wbraid')?.value,
    ttclid: find('ttclid')?.value,
  }
}

/** A row's event as the wire takes it: the raw match keys (the wire normalises and hashes them per platform). */
const toWireEvent = (event: ConversionEvent): WireEvent => ({
  submissionId: event.lead.submissionId,
  stage: event.stage,
  occurredAt: event.occurredAt,
  email: event.lead.email ?? undefined,
  phone: event.lead.phone ?? undefined,
  ...clickIds(event),
  value: amountOf(event.value),
  pageUrl: event.consent.landingUrl,
  clientIp: event.consent.clientIp,
  userAgent: event.consent.userAgent,
})

/**
 * The delivery's sender over the platforms' wire: a batch's conversions go to
 * the platform's events endpoint and its corrections to Google's adjustments;
 * one result per event, in their order.
 */
export function platformSender(platforms: ConversionPlatforms): ConversionSender {
  return {
    async send(platform, events) {
      const results: ConversionResult[] = events.map(() => ({ kind: 'retry', reason: 'not sent' }))
      const conversions = events.flatMap((event, index) => (event.kind === 'conversion' ? [{ event, index }] : []))
      const adjustments = events.flatMap((event, index) => (event.kind === 'conversion' ? [] : [{ event, index }]))
      if (conversions.length > 0) {
        const sent = await platforms.sendConversions(
          platform,
          conversions.map(({ event }) => toWireEvent(event)),
        )
        conversions.forEach(({ index }, at) => (results[index] = toResult(sent[at])))
      }
      if (adjustments.length > 0) {
        const sent =
          platform === 'google'
            ? await platforms.sendGoogleAdjustments(
                adjustments.map(({ event }) => ({
                  submissionId: event.lead.submissionId,
                  stage: event.stage,
                  kind: event.kind === 'restatement' ? 'restatement' : 'retraction',
                  adjustedAt: event.occurredAt,
                  value: amountOf(event.value),
                })),
              )
            : adjustments.map((): WireResult => ({ status: 'skipped', reason: `${platform} takes no adjustments` }))
        adjustments.forEach(({ index }, at) => (results[index] = toResult(sent[at])))
      }
      return results
    },
  }
}
