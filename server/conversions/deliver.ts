import type { Database } from '../db/database.ts'
import { claimDue, type ClaimedConversion } from './claim.ts'
import { guard } from './guards.ts'
import { BATCH_LIMITS } from './platforms.ts'
import type { ConsentReader, ConversionEvent, AdPlatform, ConversionResult, ConversionSender } from './ports.ts'
import { notePlatform, pausePlatform, settle, type Settlement } from './record.ts'
import { CONVERSION_RETRY_DELAYS_MS, nextAttemptAt } from './retry-schedule.ts'

export interface DeliveryLog {
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

export interface DeliverOptions {
  db: Database
  sender: ConversionSender
  consent: ConsentReader
  log: DeliveryLog
  /** Events per request; the platform's documented limit unless a test asks fewer. */
  batchLimit?: number
  /** How long a claim lasts: longer than a request with its retries inside the sender. */
  leaseSeconds?: number
  retryDelaysMs?: readonly number[]
  /** Called once when this server paused the platform (the log line is already written). */
  onPaused?: (platform: AdPlatform, reason: string) => void
}

export const LEASE_SECONDS = 60
/** An adjustment whose conversion has not ended looks again after this. */
const WAIT_MS = 30_000

/** What one batch did. */
export interface Delivered {
  claimed: number
  sent: number
  paused: boolean
  /** A full batch was claimed: more may be due now. */
  more: boolean
}

/**
 * Claims one batch of `platform`'s due rows, ends those its guards end,
 * hands the rest to the sender in one call and records each result.
 */
export async function deliverDue(platform: AdPlatform, options: DeliverOptions): Promise<Delivered> {
  const { db, sender, consent, log, onPaused } = options
  const limit = Math.min(options.batchLimit ?? BATCH_LIMITS[platform], BATCH_LIMITS[platform])
  const delays = options.retryDelaysMs ?? CONVERSION_RETRY_DELAYS_MS
  const rows = await claimDue(db, platform, limit, options.leaseSeconds ?? LEASE_SECONDS)
  if (rows.length === 0) return { claimed: 0, sent: 0, paused: false, more: false }
  const consents = await consent.read(db, [...new Set(rows.map((row) => row.applicationId))])
  const now = new Date()
  const settled: { row: ClaimedConversion; settlement: Settlement }[] = []
  const toSend: { row: ClaimedConversion; event: ConversionEvent }[] = []
  for (const row of rows) {
    const leadConsent = consents.get(row.applicationId)
    const verdict = guard(row, leadConsent)
    if (verdict.kind === 'send' && leadConsent) toSend.push({ row, event: eventOf(row, leadConsent) })
    else if (verdict.kind === 'wait')
      settled.push({
        row,
        settlement: { state: 'pending', at: new Date(now.getTime() + WAIT_MS), reason: null, uncount: true },
      })
    else if (verdict.kind === 'skipped') settled.push({ row, settlement: { state: 'skipped', reason: verdict.reason } })
  }
  const results =
    toSend.length === 0
      ? []
      : await sendAll(
          sender,
          platform,
          toSend.map((entry) => entry.event),
        )
  const pause = results.find((result) => result.kind === 'paused')
  let errorNote: string | undefined
  toSend.forEach(({ row }, index) => {
    const result = results[index] ?? { kind: 'retry', reason: 'the sender gave no result for it' }
    if (result.kind !== 'sent' && result.kind !== 'paused') errorNote = result.reason
    settled.push({ row, settlement: settlementOf(result, row, now, pause !== undefined, delays) })
  })
  await settle(db, settled)
  const sent = results.filter((result) => result.kind === 'sent').length
  await notePlatform(db, platform, { success: sent > 0, error: errorNote })
  if (pause) {
    if (await pausePlatform(db, platform, pause.reason)) {
      log.error(
        { platform, reason: pause.reason },
        'conversions: the platform refused its token; paused until a server starts with another',
      )
      onPaused?.(platform, pause.reason)
    }
  }
  if (errorNote !== undefined) log.warn({ platform, reason: errorNote }, 'conversions: a batch had errors')
  return { claimed: rows.length, sent, paused: pause !== undefined, more: rows.length >= limit && pause === undefined }
}

async function sendAll(sender: ConversionSender, platform: AdPlatform, events: ConversionEvent[]) {
  try {
    return await sender.send(platform, events)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return events.map((): ConversionResult => ({ kind: 'retry', reason }))
  }
}

/**
 * A paused platform keeps every row of the batch, its own result aside from
 * sent: the attempt does not count, and the rows wait for the token.
 */
function settlementOf(
  result: ConversionResult,
  row: ClaimedConversion,
  now: Date,
  paused: boolean,
  delays: readonly number[],
): Settlement {
  if (result.kind === 'sent') return { state: 'sent', traceId: result.traceId }
  if (result.kind === 'paused' || (paused && result.kind === 'retry'))
    return { state: 'pending', at: now, reason: `paused: ${result.reason}`, uncount: true }
  if (result.kind !== 'retry') return { state: result.kind, reason: result.reason }
  const at = nextAttemptAt(row.attempts, now, result.notBefore, delays)
  if (at === undefined) return { state: 'failed', reason: `gave up after ${row.attempts} attempts: ${result.reason}` }
  return { state: 'pending', at, reason: `retrying: ${result.reason}`, uncount: false }
}

function eventOf(row: ClaimedConversion, consent: ConversionEvent['consent']): ConversionEvent {
  return {
    eventId: `${row.lead.submissionId}:${row.stage}`,
    rowId: row.id,
    stage: row.stage,
    kind: row.kind,
    occurredAt: row.occurredAt,
    ...(row.amountMinor !== null &&
      row.currency !== null && { value: { amountMinor: row.amountMinor, currency: row.currency } }),
    lead: { applicationId: row.applicationId, ...row.lead },
    consent,
  }
}
