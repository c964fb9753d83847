import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'
import { RETRY_AFTER_SECONDS } from '../rest/postgrest-error.ts'

export interface HealthOptions {
  db: Database
  /** How long /readyz waits for `SELECT 1` before calling the database unreachable. */
  readinessTimeoutMs?: number
}

class ReadinessTimeout extends Error {
  override name = 'ReadinessTimeout'
}

/**
 * For orchestrators and load balancers. /healthz: the process is alive and
 * answering (no database call, so a database outage does not get every
 * instance restarted). /readyz: the database answers too, so an instance that
 * cannot store applications is taken out of rotation until it can.
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
          timer = setTimeout(() => reject(new ReadinessTimeout(`no answer within ${readinessTimeoutMs} ms`)), readinessTimeoutMs)
        }),
      ])
      return { status: 'ok' }
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed')
      return reply.code(503).header('retry-after', RETRY_AFTER_SECONDS).send({ status: 'unavailable' })
    } finally {
      clearTimeout(timer)
    }
  })
}
