import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  type FastifyPluginAsyncZod,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod'
import { isbot } from 'isbot'
import { z } from 'zod'
import { eventBatchSchema } from '../../common/analytics-schema.ts'
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, type EventBatch } from '../../common/analytics.ts'
import type { AnalyticsConfig, Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { ApiError, answerApiError } from '../http/api-error.ts'
import { registerCors } from '../http/cors.ts'
import type { HitCounter } from '../http/hit-counter.ts'
import { RATE_LIMITED, registerRateLimit } from '../http/rate-limit.ts'
import { markBookingOpened } from '../lead-lifecycle/opened.ts'
import { answerAsPostgrest } from '../postgrest/postgrest-error.ts'
import { createVisitorHasher } from './event-visitor.ts'

export interface EventsOptions {
  db: Database
  analytics: AnalyticsConfig
  /** A page built for another origin (VITE_API_URL) sends its events there too, as applications. */
  corsOrigins: Config['corsOrigins']
  /**
   * Counts batches per address: the database's counter, shared by every
   * instance (PostgreSQL), or one in this process's memory. Both events paths
   * get the same one, so EVENTS_RATE_LIMIT is what one address sends to either.
   */
  counter: HitCounter
  /**
   * What the body holds: a batch (EVENTS_PATH, the page's beacons), or the
   * events table's rows (EVENTS_TABLE_PATH, the insert a page built with
   * VITE_API_URL sends, as it would to Supabase), answered as PostgREST
   * answers an insert with return=minimal: 201.
   */
  body: 'batch' | 'rows'
}

// Headless browsers announce themselves; isbot leaves them to the caller.
const HEADLESS = /headless|phantomjs|slimerjs|electron\//i

const INSERT = `INSERT INTO page_events (visitor, type, step, source, path)
  SELECT $1, e.type, e.step, $2, $3 FROM unnest($4::text[], $5::smallint[]) AS e(type, step)`

// A failing database would otherwise log once per batch.
const OUTAGE_LOG_INTERVAL_MS = 60_000

/**
 * POST EVENTS_PATH: the page's funnel events. Accepted batches, and those
 * dropped by policy (analytics off, Sec-GPC, robots), are all answered 204,
 * so a sender learns nothing from the answer. A batch that breaks the contract
 * is refused whole with 400 (413 over MAX_BATCH_BYTES) and a message naming the
 * problem. When the database cannot take a batch it is dropped, still with
 * 204: events are not leads, and an answer the page would retry only adds load
 * to a database that is already failing.
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsOptions> = async (
  app,
  { db, analytics, corsOrigins, counter, body },
) => {
  // A text/plain beacon needs no preflight; a fetch with application/json does.
  // Registered under the route's own prefix, so its preflight answers there only.
  await registerCors(app, corsOrigins)
  await registerRateLimit(app, {
    perMinute: analytics.rateLimit,
    shared: counter,
    // One key per address for both paths: each alone would double the limit.
    scope: 'events',
    // The plugin has set Retry-After already.
    refusal: () => new ApiError(429, `At most ${analytics.rateLimit} batches per minute from one address.`),
  })

  // sendBeacon sends a string as text/plain (no CORS preflight); fetch may say JSON.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    ['text/plain', 'application/json'],
    { parseAs: 'string', bodyLimit: MAX_BATCH_BYTES },
    (_request, body, done) => {
      done(null, body)
    },
  )
  // Any other type is refused in words that say what to send instead.
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new ApiError(415, 'Send the batch as text/plain or application/json.'), undefined)
  })

  // Each path answers in its protocol's shape: /api's, or PostgREST's for the table's rows.
  const answerError = body === 'rows' ? answerAsPostgrest : answerApiError
  app.setErrorHandler((error: FastifyError, request, reply) =>
    answerError(hasZodFastifySchemaValidationErrors(error) ? batchRefusal(error.validation) : error, request, reply),
  )
  const bodySchema = body === 'rows' ? rowsBody : batchBody

  const visitorHash = createVisitorHasher(db)
  let lastOutageLog = 0
  async function store(request: FastifyRequest, batch: EventBatch) {
    try {
      const visitor = await visitorHash(request.ip, userAgent(request), request.host)
      await db.query(
        INSERT,
        [
          visitor,
          batch.source ?? null,
          batch.path,
          batch.events.map((event) => event.type),
          batch.events.map((event) => event.step ?? null),
        ],
        { prepare: true },
      )
      await keepBookingOpened(batch)
    } catch (error) {
      logOutage(request, error)
    }
  }

  function logOutage(request: FastifyRequest, error: unknown) {
    if (Date.now() - lastOutageLog > OUTAGE_LOG_INTERVAL_MS) {
      lastOutageLog = Date.now()
      request.log.warn({ err: error }, 'funnel events dropped: the database did not take them')
    }
  }

  /**
   * The lead shows when its booking page was first opened: the visitor's own
   * application, named by its id. This is part of handling the application, not
   * a count of visitors, so it is kept even from a batch the funnel does not
   * count (analytics off, Sec-GPC, a headless browser): nothing of the visit
   * is stored with it.
   */
  async function keepBookingOpened(batch: EventBatch) {
    const opened = batch.events.flatMap((event) => (event.submission_id === undefined ? [] : [event.submission_id]))
    await markBookingOpened(db, opened)
  }

  /** A batch the funnel does not count: only its booking page's opening is kept, and nothing is said of it. */
  async function keepBookingOpenedOnly(request: FastifyRequest) {
    const batch = batchBody.safeParse(request.body)
    if (!batch.success) return
    try {
      await keepBookingOpened(batch.data)
    } catch (error) {
      logOutage(request, error)
    }
  }

  const routeOptions = {
    bodyLimit: MAX_BATCH_BYTES,
    config: RATE_LIMITED,
    // Before the body is read: what is dropped anyway costs no parsing. The events table's rows never name an
    // application; a batch may, so one that is not counted is still read for its booking page (keepBookingOpened).
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (body === 'rows' && !counts(request, analytics)) return reply.code(204).send()
    },
    // Before the schema: a batch that is not counted is answered 204 whatever it holds.
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      if (counts(request, analytics)) return
      await keepBookingOpenedOnly(request)
      return reply.code(204).send()
    },
    schema: { body: bodySchema },
  }
  app.post('/', routeOptions, async (request, reply) => {
    await store(request, request.body)
    return reply.code(body === 'rows' ? 201 : 204).send()
  })
}

// A refusal of the whole body (empty, not JSON, rows that are not one page's) is said as it is; issues
// with the batch's fields are listed after "The batch is not valid".
const WHOLE_BODY = 'whole-body'

const refuseWhole = (context: z.RefinementCtx, message: string) => {
  context.addIssue({ code: 'custom', message, params: { refusal: WHOLE_BODY } })
  return z.NEVER
}

/** The body as sent (a string, or null when there is none), parsed as JSON. */
const jsonBody = z.unknown().transform((text, context): unknown => {
  if (typeof text !== 'string' || text === '') return refuseWhole(context, 'The body is empty: send a batch as JSON.')
  try {
    return JSON.parse(text)
  } catch {
    return refuseWhole(context, 'The body is not JSON.')
  }
})

/** EVENTS_PATH's body: a batch. */
const batchBody = jsonBody.pipe(eventBatchSchema)

/** EVENTS_TABLE_PATH's body: the events table's rows, turned back into the batch they came from. */
const rowsBody = jsonBody
  .transform((json, context) => {
    const batch = batchOfRows(json)
    return typeof batch === 'string' ? refuseWhole(context, batch) : batch
  })
  .pipe(eventBatchSchema)

/** What the body's schema refused, in the words of a refused batch. */
function batchRefusal(issues: readonly ZodFastifySchemaValidationError[]): ApiError {
  const whole = issues.find(
    (issue) => (issue.params.params as { refusal?: string } | undefined)?.refusal === WHOLE_BODY,
  )
  if (whole !== undefined) return new ApiError(400, whole.message ?? 'The body is not a batch.')
  // Five say enough, and keep the answer to a batch of nonsense short.
  const details = issues.slice(0, 5).map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'is not valid',
  }))
  const problems = details.map(({ field, message }) => `${field || 'batch'}: ${message}`)
  return new ApiError(400, `The batch is not valid: ${problems.join('; ')}.`, { details })
}

/** Rows of the events table, as the page inserts them, turned back into the batch they came from; or what is wrong with them. */
function batchOfRows(json: unknown): unknown {
  const rows: unknown[] = Array.isArray(json) ? json : [json]
  if (rows.length === 0 || rows.length > MAX_BATCH_EVENTS) return `Send 1 to ${MAX_BATCH_EVENTS} rows.`
  if (!rows.every(isRow)) return 'Each row is a JSON object: { path, source, type, step }.'
  const [first] = rows
  const same = rows.every((row) => row.path === first?.path && row.source === first?.source)
  if (!same) return 'The rows of one insert come from one page: the same path and source.'
  return {
    path: first?.path,
    ...(first?.source === null || first?.source === undefined ? {} : { source: first.source }),
    events: rows.map(({ type, step }) => (step === null || step === undefined ? { type } : { type, step })),
  }
}

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function userAgent(request: FastifyRequest) {
  return request.headers['user-agent'] ?? ''
}

/** Whether this request's events are counted at all; none are without a User-Agent. */
function counts(request: FastifyRequest, analytics: AnalyticsConfig) {
  if (!analytics.enabled || request.headers['sec-gpc'] === '1') return false
  const agent = userAgent(request)
  if (analytics.acceptUserAgent !== undefined && agent.includes(analytics.acceptUserAgent)) return true
  return agent !== '' && !isbot(agent) && !HEADLESS.test(agent)
}
