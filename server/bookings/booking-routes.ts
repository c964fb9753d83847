import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import type { Database } from '../db/database.ts'
import { ApiError, answerApiError } from '../http/api-error.ts'
import type { HitCounter } from '../http/hit-counter.ts'
import { type Notifications, wakeAfterSuccess } from '../notify/notifications.ts'
import { applyBookingEvent } from './apply-booking-event.ts'
import type { BookingEvent, BookingProvider, IgnoredDelivery } from './booking-event.ts'
import { readCalcomDelivery } from './calcom-payload.ts'
import { readCalendlyDelivery } from './calendly-payload.ts'
import { calcomAgeProblem, calcomSignatureProblem, calendlySignatureProblem } from './signatures.ts'

/** Refused deliveries one address may send in a window before its refusals are answered 429. */
export const REFUSAL_LIMIT = 10
export const REFUSAL_WINDOW_MS = 15 * 60_000

// A booking's payload is a few kB; Calendly's grows with the questions asked.
const BODY_LIMIT = 256 * 1024

export interface BookingSecrets {
  /** CALENDLY_WEBHOOK_SIGNING_KEY: the route is on when set. */
  calendly?: string
  /** CALCOM_WEBHOOK_SECRET: the route is on when set. */
  calcom?: string
}

export interface BookingRoutesOptions {
  db: Database
  secrets: BookingSecrets
  /** Counts refused deliveries per address (shared by the instances on PostgreSQL). */
  counter: HitCounter
  /** A booking's news is queued with it; the notifier is woken once the provider has its answer. */
  notifications: Notifications
  /** Seconds since the epoch; tests move it. */
  now?: () => number
}

interface Provider {
  signatureProblem(request: FastifyRequest<{ Body: Buffer }>, secret: string, nowSeconds: number): string | undefined
  read(body: unknown): BookingEvent | IgnoredDelivery
  /** Why a signed delivery is too old to act on (a replay beyond its receipt), if it is. */
  ageProblem?(event: BookingEvent, nowSeconds: number): string | undefined
}

const PROVIDERS: Readonly<Record<BookingProvider, Provider>> = {
  calendly: {
    signatureProblem: (request, secret, nowSeconds) =>
      calendlySignatureProblem(
        headerText(request.headers['calendly-webhook-signature']),
        request.body,
        secret,
        nowSeconds,
      ),
    read: readCalendlyDelivery,
  },
  calcom: {
    signatureProblem: (request, secret) =>
      calcomSignatureProblem(headerText(request.headers['x-cal-signature-256']), request.body, secret),
    read: readCalcomDelivery,
    ageProblem: (event, nowSeconds) => calcomAgeProblem(event.occurredAt, nowSeconds),
  },
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * The booking providers' webhooks (docs/integrations.md): each route is on
 * only when its secret is set, and answers 404 otherwise, as any unknown path.
 * The signature is checked on the raw bytes before the body is read; a refused
 * delivery changes nothing, is logged without its body, and counts against its
 * address. A delivery of an event we do not handle gets 200 and is left alone.
 */
export const bookingRoutes: FastifyPluginAsync<BookingRoutesOptions> = async (
  app,
  { db, secrets, counter, notifications, now = () => Date.now() / 1000 },
) => {
  app.setErrorHandler(answerApiError)
  // The signature covers the bytes as sent: the body is kept raw until it is verified.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  )

  const onResponse = wakeAfterSuccess(notifications)
  for (const provider of ['calendly', 'calcom'] as const) {
    const secret = secrets[provider]
    if (secret === undefined) continue
    const { signatureProblem, read, ageProblem } = PROVIDERS[provider]
    app.post<{ Body: Buffer }>(
      BOOKING_WEBHOOK_PATHS[provider],
      { bodyLimit: BODY_LIMIT, onResponse },
      async (request, reply) => {
        const nowSeconds = Math.floor(now())
        const problem = signatureProblem(request, secret, nowSeconds)
        if (problem !== undefined) {
          const { hits, ttlMs } = await counter.hit(`booking-refused ${normalizeIP(request.ip)}`, REFUSAL_WINDOW_MS)
          if (hits > REFUSAL_LIMIT) {
            throw new ApiError(429, 'Too many refused deliveries from this address; try again later.', {
              headers: { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
            })
          }
          request.log.warn({ provider, problem }, 'booking webhook refused')
          throw new ApiError(401, `Refused: ${problem}.`)
        }
        let body: unknown
        try {
          body = JSON.parse(request.body.toString('utf8'))
        } catch {
          throw new ApiError(400, 'The body is not JSON.')
        }
        const event = read(body)
        if ('ignored' in event) {
          request.log.debug({ provider, event: event.ignored }, 'booking webhook of an event we do not handle')
          return reply.send({ received: true, applied: false })
        }
        // Signed, but too old to be sure it is not a replay: answered as a replay is, with 200 and
        // nothing done. A 4xx would only have Cal.com's retries send the same stale bytes again.
        const stale = ageProblem?.(event, nowSeconds)
        if (stale !== undefined) {
          request.log.warn({ provider, problem: stale, booking: event.bookingId }, 'booking webhook too old to apply')
          return reply.send({ received: true, applied: false })
        }
        const result = await applyBookingEvent(db, notifications, event)
        request.log.info(
          { provider, change: event.change, booking: result.bookingId, applied: result.applied },
          'booking webhook',
        )
        return reply.send({ received: true, applied: result.applied })
      },
    )
  }
}
