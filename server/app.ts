import { STATUS_CODES } from 'node:http'
import { constants as zlib } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { restApi } from './rest/rest-api.ts'
import { SUBMISSION_BODY_LIMIT } from './routes/contact-submissions.ts'
import { healthRoutes } from './routes/health.ts'
import { registerStaticSite } from './static-site.ts'

export interface AppDependencies {
  config: Config
  db: Database
  /** Fastify's pino options; off by default so tests stay quiet. */
  logger?: FastifyServerOptions['logger']
}

/**
 * The whole HTTP application, ready for `inject()` in tests or `listen()` in
 * main.ts. It never listens itself, and it does not own `db`: whoever opened the
 * database closes it.
 */
export function buildApp({ config, db, logger = false }: AppDependencies) {
  const app = Fastify({
    logger,
    // Nothing here takes a big body; the submission route sets its own limit too.
    bodyLimit: SUBMISSION_BODY_LIMIT,
    // Slow senders must not hold sockets open forever.
    requestTimeout: 30_000,
  })

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
  })

  // Must come before the routes: it attaches itself to each route as it is added.
  app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Quality 5 compresses nearly as well as 11 at a fraction of the CPU per request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  })

  // Hide internals: 5xx answers carry only the status text; details go to the log.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    const text = STATUS_CODES[status] ?? 'Error'
    return reply.code(status).send({ statusCode: status, error: text, message: text })
  })

  app.register(restApi, { prefix: '/rest/v1', db, serviceRoleKey: config.serviceRoleKey })
  app.register(healthRoutes, { db })
  registerStaticSite(app, config.webRoot)
  return app
}
