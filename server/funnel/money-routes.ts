import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { FUNNEL_DEFAULT_DAYS } from '../../common/funnel-api.ts'
import { funnelSourcesQuerySchema } from '../../common/funnel-sources-api-schema.ts'
import {
  FUNNEL_SOURCES_PATH,
  MONEY_CSV_COLUMNS,
  type FunnelSources,
  type MoneyRow,
} from '../../common/funnel-sources-api.ts'
import { funnelRange } from '../../common/funnel.ts'
import type { Database } from '../db/database.ts'
import { csvRecord } from '../export/csv.ts'
import type { MoneyQuery } from './money-counts.ts'
import { readMoneyTable, type MoneyRange } from './money-table.ts'

export interface MoneyRouteOptions {
  db: Database
  currency: string
  timeZone: string
}

/** The range and level a query asks for; a range with one end given is checked once the other is filled in. */
const moneyQuery = (timeZone: string) =>
  funnelSourcesQuerySchema.transform((query, context): MoneyRange & MoneyQuery => {
    const range = funnelRange(query, new Date(), timeZone)
    const filled = funnelSourcesQuerySchema.safeParse({ ...query, ...range })
    if (!filled.success) {
      for (const issue of filled.error.issues) {
        const message = `${issue.message} (the end not given was filled in for ${FUNNEL_DEFAULT_DAYS} days)`
        context.addIssue({ code: 'custom', path: issue.path, message, input: range })
      }
      return z.NEVER
    }
    const source = query.source || undefined
    const campaign = source === undefined ? undefined : query.campaign || undefined
    return {
      ...range,
      timeZone,
      touch: query.touch,
      level: campaign !== undefined ? 'ad' : source !== undefined ? 'campaign' : 'source',
      source: source?.toLowerCase(),
      paid: query.paid === undefined ? undefined : query.paid === 'true',
      campaign,
    }
  })

const share = (value: number | null) => (value === null ? '' : value.toFixed(4))
const csvRow = (row: MoneyRow, paid = row.paid ? 'paid' : 'organic') =>
  csvRecord([
    row.key,
    paid,
    row.applications,
    row.booked,
    row.showed,
    row.won,
    row.revenue,
    share(row.closeRate),
    row.averageDeal ?? '',
    row.spend ?? '',
    row.costPerApplication ?? '',
    row.costPerBooked ?? '',
    row.costPerShowed ?? '',
    row.costPerWon ?? '',
    share(row.returnOnSpend),
  ])

/**
 * The money table's rows of the range, then its total: the screen's columns
 * (MONEY_CSV_COLUMNS). The sources' total sums paid and organic rows alike, so
 * its paid cell is empty; a drill-down's is that of its source.
 */
export const moneyCsv = (table: FunnelSources) =>
  [
    csvRecord(MONEY_CSV_COLUMNS),
    ...table.rows.map((row) => csvRow(row)),
    csvRow(table.total, table.level === 'source' ? '' : undefined),
  ].join('')

/** The Funnel's money table (ADR 045), as JSON and as CSV. */
export const moneyRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (app, { db, currency, timeZone }) => {
  const schema = { querystring: moneyQuery(timeZone) }
  const read = (query: MoneyRange & MoneyQuery) => readMoneyTable(db, query, query, currency)
  app.get(FUNNEL_SOURCES_PATH, { schema }, async (request) => read(request.query))

  app.get(`${FUNNEL_SOURCES_PATH}.csv`, { schema }, async (request, reply) => {
    const table = await read(request.query)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="funnel-sources-${table.from}-to-${table.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(moneyCsv(table))
  })
}
