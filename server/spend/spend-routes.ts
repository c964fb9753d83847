import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { funnelRange } from '../../common/funnel.ts'
import { spendImportSchema, spendInputSchema, spendListQuerySchema } from '../../common/spend-api-schema.ts'
import { SPEND_IMPORT_PATH, SPEND_PATH, type SpendImportResult, type SpendList } from '../../common/spend-api.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import { readSpendCsv, SpendCsvError } from './spend-csv.ts'
import { spendRow } from './spend-row.ts'
import { deleteSpend, enterSpend, importSpend, listSpend } from './spend-store.ts'

export interface SpendRouteOptions {
  db: Database
  /** CURRENCY: the only currency spend is kept in. */
  currency: string
  /** TIMEZONE: "today", for a range left out. */
  timeZone: string
}

const NO_SUCH_SPEND = 'no such spend entry'
// A CSV of SPEND_IMPORT_MAX_BYTES characters, each up to 4 bytes, in its JSON body.
const IMPORT_BODY_LIMIT = 4 * 1_000_000 + 1024

/** Ad spend (ADR 045): list, enter (replacing the same key), delete, and import a CSV all or nothing. */
export const spendRoutes: FastifyPluginAsyncZod<SpendRouteOptions> = async (app, { db, currency, timeZone }) => {
  app.get(SPEND_PATH, { schema: { querystring: spendListQuerySchema } }, async (request): Promise<SpendList> => {
    const { from, to } = funnelRange(request.query, new Date(), timeZone)
    return { currency, ...(await listSpend(db, from, to)) }
  })

  app.post(SPEND_PATH, { schema: { body: spendInputSchema } }, async (request, reply) => {
    const row = spendRow(request.body, currency)
    if ('error' in row) throw new ApiError(400, row.error, { details: [{ field: row.field, message: row.error }] })
    return reply.code(201).send(await enterSpend(db, row, request.admin))
  })

  app.delete(`${SPEND_PATH}/:id`, { schema: { params: idParams(NO_SUCH_SPEND) } }, async (request, reply) => {
    if (!(await deleteSpend(db, request.params.id, request.admin))) throw new ApiError(404, NO_SUCH_SPEND)
    return reply.code(204).send()
  })

  app.post(
    SPEND_IMPORT_PATH,
    { schema: { body: spendImportSchema }, bodyLimit: IMPORT_BODY_LIMIT },
    async (request): Promise<SpendImportResult> => {
      let rows
      try {
        rows = readSpendCsv(request.body.csv, currency)
      } catch (error) {
        if (error instanceof SpendCsvError) throw new ApiError(400, `Nothing was imported: ${error.message}`)
        throw error
      }
      return importSpend(db, rows, request.admin)
    },
  )
}
