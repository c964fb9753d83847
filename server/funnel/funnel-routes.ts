import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { funnelQuerySchema } from '../../common/admin-api-schema.ts'
import { FUNNEL_DEFAULT_DAYS } from '../../common/funnel-api.ts'
import { funnelRange } from '../../common/funnel.ts'
import type { Database } from '../db/database.ts'
import { funnelCsv } from './funnel-csv.ts'
import type { FunnelRange } from './funnel-range.ts'
import { moneyRoutes } from './money-routes.ts'
import { readFunnel } from './read-funnel.ts'

export interface FunnelRouteOptions {
  db: Database
  /** CURRENCY: the money table's revenue and spend. */
  currency: string
  /** TIMEZONE: the days of the range are the agency's, and "today" too. */
  timeZone: string
}

/** The range a query asks for. A range with one end given is checked once its other end is filled in. */
const funnelRangeQuery = (timeZone: string) =>
  funnelQuerySchema.transform((query, context): FunnelRange => {
    const range = funnelRange(query, new Date(), timeZone)
    const filled = funnelQuerySchema.safeParse(range)
    if (!filled.success) {
      for (const issue of filled.error.issues) {
        const message = `${issue.message} (the end not given was filled in for ${FUNNEL_DEFAULT_DAYS} days)`
        context.addIssue({ code: 'custom', path: issue.path, message, input: range })
      }
      return z.NEVER
    }
    return { ...range, source: query.source || undefined, timeZone }
  })

/** The Funnel screen's figures (GET /api/admin/funnel, see Funnel in common/funnel-api.ts), as JSON and as CSV. */
export const funnelRoutes: FastifyPluginAsyncZod<FunnelRouteOptions> = async (app, { db, currency, timeZone }) => {
  await app.register(moneyRoutes, { db, currency, timeZone })
  const schema = { querystring: funnelRangeQuery(timeZone) }
  app.get('/funnel', { schema }, async (request) => readFunnel(db, request.query))

  app.get('/funnel.csv', { schema }, async (request, reply) => {
    const range = request.query
    const funnel = await readFunnel(db, range)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="funnel-${range.from}-to-${range.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(funnelCsv(funnel))
  })
}
