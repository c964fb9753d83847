import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { isbot } from 'isbot'
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, type EventBatch } from '../../common/analytics.ts'
import { eventBatchSchema } from '../../common/analytics-schema.ts'
import type { AnalyticsConfig, Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { HitCounter } from '../db/hit-counter.ts'
import { createVisitorHasher } from './event-visitor.ts'
import { ApiError, answerApiError } from '../http/api-error.ts'
import { registerCors } from '../http/cors.ts'
import { RATE_LIMITED, registerRateLimit } from '../http/rate-limit.ts'
import { markBookingOpened } from '../lead-lifecycle/opened.ts'
import { answerAsPostgrest } from '../postgrest/postgrest-error.ts'

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
export const eventsRoutes: FastifyPluginAsync<EventsOptions> = async (app, { db, analytics, corsOrigins, counter, body }) => {
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
  app.setErrorHandler(body === 'rows' ? answerAsPostgrest : answerApiError)

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
  async function keepBookingOpenedOnly(request: FastifyRequest<{ Body: string | undefined }>) {
    let batch: EventBatch
    try {
      batch = validBatch(parseJson(request.body))
    } catch {
      return
    }
    try {
      await keepBookingOpened(batch)
    } catch (error) {
      logOutage(request, error)
    }
  }

  const routeOptions = {
    bodyLimit: MAX_BATCH_BYTES,
    config: RATE_LIMITED,
    // Before the body is read: what is dropped anyway costs no parsing. The events table's rows never name an
    // application; a batch may, so one that is not counted is still read for its booking page (markBookingOpened).
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (body === 'rows' && !counts(request, analytics)) return reply.code(204).send()
    },
  }
  app.post<{ Body: string | undefined }>('/', routeOptions, async (request, reply) => {
    if (!counts(request, analytics)) {
      await keepBookingOpenedOnly(request)
      return reply.code(204).send()
    }
    const json = parseJson(request.body)
    await store(request, validBatch(body === 'rows' ? batchOfRows(json) : json))
    return reply.code(body === 'rows' ? 201 : 204).send()
  })
}

/** Rows of the events table, as the page inserts them, turned back into the batch they came from. */
function batchOfRows(json: unknown): unknown {
  const rows: unknown[] = Array.isArray(json) ? json : [json]
  if (rows.length === 0 || rows.length > MAX_BATCH_EVENTS) throw new ApiError(400, `Send 1 to ${MAX_BATCH_EVENTS} rows.`)
  if (!rows.every(isRow)) throw new ApiError(400, 'Each row is a JSON object: { path, source, type, step }.')
  const [first] = rows
  const same = rows.every((row) => row.path === first?.path && row.source === first?.source)
  if (!same) throw new ApiError(400, 'The rows of one insert come from one page: the same path and source.')
  return {
    path: first?.path,
    ...(first?.source === null || first?.source === undefined ? {} : { source: first.source }),
    events: rows.map(({ type, step }) => (step === null || step === undefined ? { type } : { type, step })),
  }
}

const isRow = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

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

function parseJson(body: string | undefined): unknown {
  if (body === undefined || body === '') throw new ApiError(400, 'The body is empty: send a batch as JSON.')
  try {
    return JSON.parse(body)
  } catch {
    throw new ApiError(400, 'The body is not JSON.')
  }
}

function validBatch(json: unknown): EventBatch {
  const result = eventBatchSchema.safeParse(json)
  if (!result.success) {
    // Five say enough, and keep the answer to a batch of nonsense short.
    const issues = result.error.issues.slice(0, 5)
    const problems = issues.map((issue) => `${issue.path.join('.') || 'batch'}: ${issue.message}`)
    const details = issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))
    throw new ApiError(400, `The batch is not valid: ${problems.join('; ')}.`, { details })
  }
  return result.data
}
