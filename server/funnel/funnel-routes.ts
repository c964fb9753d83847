import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { FUNNEL_DEFAULT_DAYS } from '../../common/funnel-api.ts'
import { funnelQuerySchema } from '../../common/admin-api-schema.ts'
import { funnelRange } from '../../common/funnel.ts'
import type { Database } from '../db/database.ts'
import { ApiError, describeIssues } from '../http/api-error.ts'
import { funnelCsv } from './funnel-csv.ts'
import type { FunnelRange } from './funnel-range.ts'
import { readFunnel } from './read-funnel.ts'

export interface AdminFunnelRouteOptions {
  db: Database
}

/** The range a query asks for; throws a 400 saying what is wrong with it. */
function parseRange(request: FastifyRequest): FunnelRange {
  const query = funnelQuerySchema.safeParse(request.query)
  if (!query.success) throw ApiError.invalid(query.error)
  // A range with one end given is checked once its other end is filled in.
  const range = funnelRange(query.data)
  const filled = funnelQuerySchema.safeParse(range)
  if (!filled.success) {
    throw ApiError.invalid(
      filled.error,
      `${describeIssues(filled.error)} (the end not given was filled in for ${FUNNEL_DEFAULT_DAYS} days)`,
    )
  }
  return { ...range, source: query.data.source || undefined }
}

/** The Funnel screen's figures (GET /api/admin/funnel, see Funnel in common/admin-api.ts), as JSON and as CSV. */
export const adminFunnelRoutes: FastifyPluginAsync<AdminFunnelRouteOptions> = async (app, { db }) => {
  app.get('/funnel', async (request) => {
    const range = parseRange(request)
    return readFunnel(db, range)
  })

  app.get('/funnel.csv', async (request, reply) => {
    const range = parseRange(request)
    const funnel = await readFunnel(db, range)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="funnel-${range.from}-to-${range.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(funnelCsv(funnel))
  })
}
