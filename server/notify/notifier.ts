import { setMaxListeners } from 'node:events'
import { attemptRecorder } from './attempt-recorder.ts'
import type { Channel, SendResult } from './channel.ts'
import { coalesced } from './coalesced.ts'
import type { Outcome } from './finish-attempts.ts'
import { lookPacing } from './look-pacing.ts'
import { LEASE_SECONDS, PER_CHANNEL_CONCURRENCY, type Notifier, type NotifierOptions } from './notifier-options.ts'
import { registerTargets, releaseClaims, takeDue, type ClaimedDelivery } from './outbox.ts'
import { RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule.ts'

/** Outbox rows turned into deliveries by one look: a burst's worth. */
const OUTBOX_BATCH = 256
const MAX_IDLE_BACKOFF_MS = 30_000
/** A busy database gets at most about a fifth of its time taken by looks, and a lead waits at most this much more. */
const LOOK_SPACING = 4
const MAX_LOOK_SPACING_MS = 100

interface LaneState {
  channel: Channel
  limit: number
  busy: number
  /** The last look filled this lane's room (none, while its sends in flight fill it), so more may be due. */
  more: boolean
}

/**
 * Sends what the outbox holds. Any number of servers may run one on the same
 * database: each outbox row and each delivery is taken by one at a time. Each
 * channel has its own lane of sends in flight, so one that hangs holds only its
 * own; a failing one is paused as a whole. A look at the outbox claims for
 * every lane in one statement, and a lane is refilled as its sends are
 * recorded, not once the whole batch is.
 */
export function startNotifier({
  db,
  channels,
  log,
  pollMs = 500,
  retryDelaysMs = RETRY_DELAYS_MS,
  perChannelConcurrency = PER_CHANNEL_CONCURRENCY,
  leaseSeconds = LEASE_SECONDS,
}: NotifierOptions): Notifier {
  const lanes = new Map<string, LaneState>(
    channels.map((channel) => [
      channel.target,
      {
        channel,
        limit: Math.max(0, Math.min(perChannelConcurrency, channel.concurrency ?? perChannelConcurrency)),
        busy: 0,
        more: true,
      },
    ]),
  )
  const record = attemptRecorder(db, retryDelaysMs.length + 1)
  const inFlight = new Set<Promise<void>>()
  const abort = new AbortController()
  // Each send in flight listens to it once.
  setMaxListeners(
    Math.max(
      10,
      [...lanes.values()].reduce((sum, lane) => sum + lane.limit, 0),
    ),
    abort.signal,
  )
  const looks = coalesced(look)
  const pacing = lookPacing(LOOK_SPACING, MAX_LOOK_SPACING_MS)
  let registered = false
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  let databaseFailures = 0

  function pollIn(ms: number) {
    clearTimeout(timer)
    if (stopping) return
    // The HTTP server keeps a serving process alive; this alone never should.
    timer = setTimeout(looks.request, ms).unref()
  }

  async function look() {
    await pacing.wait(abort.signal)
    if (stopping) return
    clearTimeout(timer)
    let next = pollMs
    try {
      if (!registered) {
        await registerTargets(db, channels)
        // The data directory's lock proves the process that held them is gone.
        const released = db.exclusive ? await releaseClaims(db) : 0
        if (released > 0) log.info({ released }, 'lead notifications: claims left by an earlier process released')
        registered = true
      }
      const asked = [...lanes.values()].map((lane) => ({
        target: lane.channel.target,
        room: Math.max(0, lane.limit - lane.busy),
        busy: lane.busy,
        takes: lane.channel.takes,
      }))
      const started = performance.now()
      const { outboxRows, rooms, claimed } = await takeDue(db, {
        lanes: asked,
        outboxLimit: OUTBOX_BATCH,
        leaseSeconds,
      })
      pacing.looked(performance.now() - started, claimed.length > 0 || outboxRows > 0)
      for (const { target } of asked) {
        const lane = lanes.get(target) as LaneState
        const room = rooms.get(target)
        lane.more = room !== undefined && claimed.filter((delivery) => delivery.target === target).length >= room
      }
      for (const delivery of claimed) send(lanes.get(delivery.target) as LaneState, delivery)
      databaseFailures = 0
      if (outboxRows >= OUTBOX_BATCH) {
        next = 0
        pacing.hurry()
      }
    } catch (error) {
      databaseFailures++
      next = Math.min(pollMs * 2 ** databaseFailures, MAX_IDLE_BACKOFF_MS)
      log.warn({ err: error, retryInMs: next }, 'lead notifications: the outbox could not be read; trying again')
    }
    if (next === 0) looks.request()
    else pollIn(next)
  }

  /**
   * A look now, unless every lane is full: then the next refill looks. With no
   * channel there is nothing to send soon, and the poll empties the outbox in
   * batches: a look per stored application would be a second commit for each.
   */
  function wake() {
    if (stopping || lanes.size === 0) return
    const lanesFull = lanes.size > 0 && [...lanes.values()].every((lane) => lane.busy >= lane.limit)
    if (!lanesFull) return looks.request()
    for (const lane of lanes.values()) lane.more = true
  }

  function refill() {
    if (stopping) return
    if (![...lanes.values()].some((lane) => lane.more && lane.busy < lane.limit)) return
    pacing.hurry()
    looks.request()
  }

  function send(lane: LaneState, delivery: ClaimedDelivery) {
    lane.busy++
    const { channel } = lane
    const done = (async () => {
      const startedAt = new Date()
      const started = performance.now()
      const { lead, booking, outcome: dealOutcome, event } = delivery
      const gone =
        lead === undefined
          ? 'the application'
          : delivery.bookingEventId !== null && booking === undefined
            ? 'the booking'
            : delivery.outcomeId !== null && dealOutcome === undefined
              ? 'the outcome'
              : undefined
      const result: SendResult =
        lead && gone === undefined
          ? await channel
              .send(
                {
                  messageId: delivery.messageId,
                  event,
                  lead,
                  ...(booking && { booking }),
                  ...(dealOutcome && { outcome: dealOutcome }),
                },
                abort.signal,
              )
              .catch((error: unknown) => ({
                verdict: 'retry' as const,
                error: error instanceof Error ? error.message : String(error),
              }))
          : { verdict: 'failed', error: `${gone ?? 'the application'} no longer exists` }
      const attempt = { startedAt, durationMs: performance.now() - started, status: result.status, error: result.error }
      const outcome = outcomeOf(result, delivery.attempts)
      const context = {
        channel: channel.label,
        application: delivery.applicationId,
        event,
        attempt: delivery.attempts,
        status: result.status,
        error: result.error,
      }
      try {
        const state = await record({ delivery, attempt, outcome })
        if (state === 'delivered') log.info(context, 'lead notification delivered')
        else if (outcome.kind === 'gone')
          log.error(context, 'lead notifications: the receiver answered 410 Gone; this channel is disabled')
        else if (state === 'failed') log.error(context, 'lead notification failed for good')
        else if (outcome.kind === 'retry')
          log.warn({ ...context, retryInMs: outcome.delayMs }, 'lead notification failed; will retry')
      } catch (error) {
        // Its claim expires and another attempt follows: at least once.
        log.warn({ ...context, err: error }, 'lead notifications: an attempt could not be recorded')
      }
    })()
    inFlight.add(done)
    void done.finally(() => {
      inFlight.delete(done)
      lane.busy--
      refill()
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

  looks.request()
  return {
    wake,
    async stop() {
      stopping = true
      clearTimeout(timer)
      abort.abort()
      await looks.idle()
      await Promise.allSettled([...inFlight])
    },
  }
}
