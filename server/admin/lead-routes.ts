import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Database } from '../db/database.ts'
import { parseLeadQuery } from '../leads/lead-filter.ts'
import { LeadQueryError } from '../leads/lead-query-error.ts'
import { listLeads } from '../leads/list-leads.ts'

export interface AdminLeadRouteOptions {
  db: Database
}

/** A 400 whose message says what to change, in the shape of every other error answer. */
export const badRequest = (reply: FastifyReply, message: string) =>
  reply.code(400).send({ statusCode: 400, error: 'Bad Request', message })

/**
 * The lead inbox's routes (common/admin-api.ts), registered under /api/admin
 * in a context that has already checked the session and, for changes, the
 * CSRF token.
 */
export const adminLeadRoutes: FastifyPluginAsync<AdminLeadRouteOptions> = async (app, { db }) => {
  app.get('/leads', async (request, reply) => {
    try {
      const { filter, cursor } = parseLeadQuery(request.query)
      return await listLeads(db, filter, cursor)
    } catch (error) {
      if (error instanceof LeadQueryError) return badRequest(reply, error.message)
      throw error
    }
  })
}
