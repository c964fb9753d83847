import type { Database } from '../db/database.ts'
import type { Channel, SendResult } from './channel.ts'
import { claimDue, expandOutbox, finishAttempt, readLeads, registerTargets, type ClaimedDelivery, type LeadData, type Outcome } from './outbox.ts'
import { RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule.ts'

export interface NotifierLog {
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

export interface NotifierOptions {
  db: Database
  channels: readonly Channel[]
  log: NotifierLog
  /** How often the outbox is looked at when idle. */
  pollMs?: number
  /** The waits between attempts; their count bounds the attempts. */
  retryDelaysMs?: readonly number[]
  /** Sends in flight at once in this server, and to one channel. */
  concurrency?: number
  perChannelConcurrency?: number
  /** How long a claim lasts: longer than any send may take. */
  leaseSeconds?: number
}

export interface Notifier {
  /** Looks at the outbox now rather than at the next poll. */
  wake(): void
  /** Stops polling, aborts sends in flight and waits for them to be recorded. */
  stop(): Promise<void>
}

const BATCH = 100
const MAX_IDLE_BACKOFF_MS = 30_000

/**
 * Sends what the outbox holds. Any number of servers may run one on the same
 * database: each outbox row and each delivery is taken by one at a time. A
 * channel that hangs holds at most `perChannelConcurrency` of the slots, so
 * the others keep going; a failing one is paused as a whole.
 */
export function startNotifier({
  db,
  channels,
  log,
  pollMs = 500,
  retryDelaysMs = RETRY_DELAYS_MS,
  concurrency = 16,
  perChannelConcurrency = 4,
  leaseSeconds = 120,
}: NotifierOptions): Notifier {
  const targets = channels.map((channel) => channel.target)
  const busy = new Map<string, number>()
  const inFlight = new Set<Promise<void>>()
  const abort = new AbortController()
  let registered = false
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  let ticking: Promise<void> | undefined
  let again = false
  let databaseFailures = 0

  function schedule(ms: number) {
    if (stopping) return
    if (ticking) {
      if (ms === 0) again = true
      return
    }
    clearTimeout(timer)
    // The HTTP server keeps a serving process alive; this alone never should.
    timer = setTimeout(() => {
      ticking = tick().finally(() => {
        ticking = undefined
        const next = again ? 0 : nextPoll
        again = false
        schedule(next)
      })
    }, ms).unref()
  }

  let nextPoll = pollMs
  async function tick() {
    try {
      if (!registered) {
        await registerTargets(db, channels)
        registered = true
      }
      const expanded = await expandOutbox(db, targets, BATCH)
      let full = expanded === BATCH
      for (const channel of channels) {
        const free = Math.min(perChannelConcurrency - (busy.get(channel.target) ?? 0), concurrency - inFlight.size)
        if (free <= 0 || stopping) continue
        const claimed = await claimDue(db, channel.target, free, leaseSeconds)
        if (claimed.length === 0) continue
        if (claimed.length === free) full = true
        const leads = await readLeads(db, claimed.map((delivery) => delivery.applicationId))
        for (const delivery of claimed) send(channel, delivery, leads.get(delivery.applicationId))
      }
      databaseFailures = 0
      nextPoll = full ? 0 : pollMs
    } catch (error) {
      databaseFailures++
      nextPoll = Math.min(pollMs * 2 ** databaseFailures, MAX_IDLE_BACKOFF_MS)
      log.warn({ err: error, retryInMs: nextPoll }, 'lead notifications: the outbox could not be read; trying again')
    }
  }

  function send(channel: Channel, delivery: ClaimedDelivery, lead: LeadData | undefined) {
    busy.set(channel.target, (busy.get(channel.target) ?? 0) + 1)
    const done = (async () => {
      const startedAt = new Date()
      const started = performance.now()
      const result: SendResult = lead
        ? await channel.send({ messageId: delivery.messageId, lead }, abort.signal).catch((error: unknown) => ({
            verdict: 'retry' as const,
            error: error instanceof Error ? error.message : String(error),
          }))
        : { verdict: 'failed', error: 'the application no longer exists' }
      const attempt = { startedAt, durationMs: performance.now() - started, status: result.status, error: result.error }
      const outcome = outcomeOf(result, delivery.attempts)
      const context = { channel: channel.label, application: delivery.applicationId, attempt: delivery.attempts, status: result.status, error: result.error }
      try {
        const state = await finishAttempt(db, delivery, attempt, outcome, retryDelaysMs.length + 1)
        if (state === 'delivered') log.info(context, 'lead notification delivered')
        else if (outcome.kind === 'gone') log.error(context, 'lead notifications: the receiver answered 410 Gone; this channel is disabled')
        else if (state === 'failed') log.error(context, 'lead notification failed for good')
        else if (outcome.kind === 'retry') log.warn({ ...context, retryInMs: outcome.delayMs }, 'lead notification failed; will retry')
      } catch (error) {
        // Its claim expires and another attempt follows: at least once.
        log.warn({ ...context, err: error }, 'lead notifications: an attempt could not be recorded')
      }
    })()
    inFlight.add(done)
    void done.finally(() => {
      inFlight.delete(done)
      busy.set(channel.target, (busy.get(channel.target) ?? 1) - 1)
      schedule(0)
    })
  }

  function outcomeOf(result: SendResult, attempts: number): Outcome {
    if (result.verdict === 'delivered') return { kind: 'delivered' }
    if (abort.signal.aborted) return { kind: 'released' }
    if (result.verdict === 'failed') return { kind: 'failed' }
    if (result.verdict === 'gone') return { kind: 'gone', note: result.error ?? 'gone' }
    return {
      kind: 'retry',
      delayMs: retryDelayMs(attempts, result.retryAfterMs, retryDelaysMs),
      retryAfter: result.retryAfterMs !== undefined,
      pauseMs: (step) => retryDelayMs(step, undefined, retryDelaysMs),
    }
  }

  schedule(0)
  return {
    wake: () => schedule(0),
    async stop() {
      stopping = true
      clearTimeout(timer)
      abort.abort()
      await ticking
      await Promise.allSettled([...inFlight])
    },
  }
}
