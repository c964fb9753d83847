import { createHmac, timingSafeEqual } from 'node:crypto'

/** How far Calendly's signed time may be from ours, either way. */
export const CALENDLY_TOLERANCE_SECONDS = 5 * 60

/** Constant-time comparison of a hex signature with the HMAC we computed (lengths differ: false). */
function sameHex(given: string, expected: Buffer): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length * 2) return false
  return timingSafeEqual(Buffer.from(given, 'hex'), expected)
}

/**
 * Calendly's `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>`, where v1
 * is HMAC-SHA256 of `t + "." + raw body` under the subscription's signing key.
 * Refused when a part is missing, the signature differs, or t is more than
 * five minutes from `nowSeconds`.
 */
export function calendlySignatureProblem(
  header: string | undefined,
  rawBody: Buffer,
  key: string,
  nowSeconds: number,
): string | undefined {
  if (header === undefined || header === '') return 'no Calendly-Webhook-Signature header'
  const parts = new Map<string, string>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
  }
  const t = parts.get('t')
  const v1 = parts.get('v1')
  if (t === undefined || !/^\d{1,12}$/.test(t) || v1 === undefined)
    return 'a malformed Calendly-Webhook-Signature header'
  const expected = createHmac('sha256', key).update(`${t}.`).update(rawBody).digest()
  if (!sameHex(v1, expected)) return 'a Calendly signature that does not match'
  if (Math.abs(nowSeconds - Number(t)) > CALENDLY_TOLERANCE_SECONDS)
    return 'a Calendly signature more than 5 minutes from our clock'
  return undefined
}

/**
 * Cal.com's `X-Cal-Signature-256`: hex HMAC-SHA256 of the raw body under the
 * webhook's secret. Cal.com writes `no-secret-provided` when the webhook has
 * no secret; that is refused like a missing header.
 */
export function calcomSignatureProblem(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
): string | undefined {
  if (header === undefined || header === '' || header === 'no-secret-provided')
    return 'no X-Cal-Signature-256 signature'
  const expected = createHmac('sha256', secret).update(rawBody).digest()
  return sameHex(header.trim(), expected) ? undefined : 'a Cal.com signature that does not match'
}

/**
 * How old a Cal.com delivery may be, by its signed `createdAt`, and how far
 * ahead of our clock. Cal.com signs no time of its own, so a delivery's
 * receipt is what stops its replay; one accepted now has its receipt kept
 * RECEIPT_DAYS (booking-retention.ts), far longer than this window, so any copy of it is either
 * found by that receipt or too old to be taken. Cal.com's retries (its task
 * queue's few attempts) resend the same `createdAt` within hours.
 */
export const CALCOM_MAX_AGE_DAYS = 7
export const CALCOM_MAX_AHEAD_SECONDS = 24 * 60 * 60

/** Why a Cal.com delivery made at `createdAt` is too old or too far ahead to take, if it is. */
export function calcomAgeProblem(createdAt: string, nowSeconds: number): string | undefined {
  const age = nowSeconds - Date.parse(createdAt) / 1000
  if (age > CALCOM_MAX_AGE_DAYS * 86_400) return `a Cal.com delivery made more than ${CALCOM_MAX_AGE_DAYS} days ago`
  if (age < -CALCOM_MAX_AHEAD_SECONDS) return 'a Cal.com delivery made more than a day ahead of our clock'
  return undefined
}
