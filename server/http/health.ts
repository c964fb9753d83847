import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'
import { RETRY_AFTER_SECONDS } from './error-answer.ts'

export interface HealthOptions {
  db: Database
  /** How long /readyz waits for `SELECT 1` before calling the database unreachable. */
  readinessTimeoutMs?: number
}

class ReadinessTimeout extends Error {
  override name = 'ReadinessTimeout'
}

/**
 * Two questions, answered apart, because the page does not need the database:
 * it is served from memory, so while the database is away the page still
 * loads, and a submission answered 503 is sent again after a pause.
 *
 * /healthz: the process is alive and serves the page (no database call). The
 * check for load balancers and liveness probes: a database outage must not
 * take the page down or get every instance restarted.
 *
 * /readyz: whether applications can be stored right now (the database answers
 * within the timeout): 200, or 503 with Retry-After, the body naming both. For
 * monitoring and alerts, and for a deploy that waits until a new instance
 * stores applications; not for taking instances out of rotation.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, readinessTimeoutMs = 2_000 }) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        db.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new ReadinessTimeout(`no answer within ${readinessTimeoutMs} ms`)),
            readinessTimeoutMs,
          )
        }),
      ])
      return { status: 'ok', page: 'ok', applications: 'ok' }
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed')
      return reply
        .code(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ status: 'unavailable', page: 'ok', applications: 'unavailable' })
    } finally {
      clearTimeout(timer)
    }
  })
}
