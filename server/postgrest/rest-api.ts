import type { FastifyError, FastifyPluginAsync } from 'fastify'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { registerCors } from '../http/cors.ts'
import { databaseHitCounter } from '../http/hit-counter.ts'
import { RATE_LIMITED, registerRateLimit } from '../http/rate-limit.ts'
import { PostgrestError, routeTable, toPostgrestError, tooManyRequests } from './postgrest-error.ts'
import { createServiceRoleGate, type ServiceRoleGate } from './service-role.ts'

/** What the routes of a table get from the REST API around them. */
export interface TableRouteOptions {
  db: Database
  /** Recognises the service-role key, with wrong keys throttled per address. */
  serviceRole: ServiceRoleGate
  /** Route config for the insert: the rate limit, when there is one. */
  insertConfig: Record<string, unknown>
}

export interface RestApiOptions {
  db: Database
  config: Pick<Config, 'serviceRoleKey' | 'corsOrigins' | 'submitRateLimit' | 'databaseUrl'>
  /** The routes of the table it serves (applications/contact-submissions.ts), answering inside this protocol. */
  tableRoutes: FastifyPluginAsync<TableRouteOptions>
}

// The only schema this API exposes, as Supabase's default.
const SCHEMA = 'public'

/**
 * The PostgREST-compatible part of the server, mounted at /rest/v1 like
 * Supabase's. Everything under it, errors included, answers in PostgREST's shape.
 */
export const restApi: FastifyPluginAsync<RestApiOptions> = async (app, { db, config, tableRoutes }) => {
  // First, so that every answer below, refusals included, carries CORS headers a browser can read.
  // Awaited so their hooks are in place before this plugin adds its own and its routes.
  await registerCors(app, config.corsOrigins)
  const counter = databaseHitCounter(db)
  // Several instances can share PostgreSQL, and so must share the count; the
  // embedded database has one process, whose memory counts for free.
  await registerRateLimit(app, {
    perMinute: config.submitRateLimit,
    shared: config.databaseUrl === undefined ? undefined : counter,
    refusal: (retryInSeconds) =>
      tooManyRequests(`At most ${config.submitRateLimit} per minute from one address.`, retryInSeconds),
  })
  const serviceRole = createServiceRoleGate(config.serviceRoleKey, counter)

  // Handlers parse the JSON themselves, so that any bad body, or none, gets
  // PostgREST's PGRST102 rather than Fastify's error. Route bodyLimits still apply.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body)
  })

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let answer = toPostgrestError(error, routeTable(request))
    // Every refusal for want of the key is a wrong key tried, whichever route refused it.
    if (answer.statusCode === 401) answer = await serviceRole.refused(request, answer)
    if (answer.statusCode >= 500 && answer.statusCode !== 503) {
      request.log.error({ err: error }, 'request failed')
    } else if (answer.statusCode === 503) {
      request.log.warn({ err: error }, 'database unavailable')
    }
    return reply.code(answer.statusCode).headers(answer.headers).send(answer.toBody())
  })

  // PostgREST serves one schema per profile header; supabase-js names it on every call.
  app.addHook('onRequest', async (request) => {
    const header = request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile'
    const profile = request.headers[header]
    if (profile === undefined || profile === SCHEMA) return
    const name = typeof profile === 'string' && /^\w{1,63}$/.test(profile) ? profile : '(unnamed)'
    throw new PostgrestError(
      406,
      'PGRST106',
      `Invalid schema: ${name}`,
      null,
      `Only the following schemas are exposed: ${SCHEMA}`,
    )
  })

  // A route rather than a not-found handler: the static site's GET /* would
  // otherwise claim these paths and answer with the HTML 404 page. OPTIONS is
  // the CORS plugin's.
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async () => {
      throw new PostgrestError(404, 'PGRST205', 'Could not find the table in the schema cache')
    },
  })

  // Pass only what the routes need: `prefix` must not be applied twice.
  await app.register(tableRoutes, {
    db,
    serviceRole,
    insertConfig: config.submitRateLimit > 0 ? RATE_LIMITED : {},
  })
}
