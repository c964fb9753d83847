import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'

export interface HealthOptions {
  db: Database
}

/**
 * For load balancers and uptime checks: 200 only when the database answers, so
 * an instance that cannot store applications is taken out of rotation.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db }) => {
  app.get('/healthz', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await db.query('SELECT 1')
      return { status: 'ok' }
    } catch (error) {
      request.log.warn({ err: error }, 'health check failed')
      return reply.code(503).header('retry-after', '5').send({ status: 'unavailable' })
    }
  })
}
