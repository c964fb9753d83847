import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bulkEraseSchema,
  bulkStatusSchema,
  erasureByEmailSchema,
  leadListQuerySchema,
  noteSchema,
  statusChangeSchema,
} from '../../common/admin-api-schema.ts'
import type { ErasureResult } from '../../common/erasure-api.ts'
import { EXPORT_MODES } from '../../common/export-options.ts'
import { EXPORT_FORMATS } from '../../common/lead-list-api.ts'
import {
  BULK_ERASE_PATH,
  BULK_NOT_SPAM_PATH,
  BULK_STATUS_PATH,
  LEAD_COUNT_PATH,
  type BulkNotSpamResult,
  type BulkStatusResult,
  type LeadCount,
} from '../../common/lead-list-api.ts'
import type { NewLeadCount } from '../../common/live-api.ts'
import { zonedDay } from '../../common/zoned-day.ts'
import type { Database } from '../db/database.ts'
import { zonedTimeWriter } from '../export/export-time.ts'
import { ApiError } from '../http/api-error.ts'
import { registerConditionalGet } from '../http/conditional-get.ts'
import { idParams } from '../http/id-param.ts'
import { markNotSpam } from '../lead-lifecycle/not-spam.ts'
import { markOpened } from '../lead-lifecycle/opened.ts'
import { changeLeadStatus, changeStatus } from '../lead-lifecycle/status-change.ts'
import { type Notifications, wakeAfterSuccess } from '../notify/notifications.ts'
import { leadBoard } from './board.ts'
import { eraseLeads } from './bulk.ts'
import { eraseLead, eraseLeadsByEmail } from './erasure.ts'
import { exportLeads } from './export-leads.ts'
import { getLeadDetail } from './lead-detail.ts'
import { leadQueryOf } from './lead-filter.ts'
import { leadNeighbours } from './lead-neighbours.ts'
import { newLeadCount, withNewMarks } from './lead-opened.ts'
import { countLeads, listLeads } from './lead-page.ts'
import { leadSources } from './lead-sources.ts'
import { addNote } from './pipeline.ts'
import { withReadBudget } from './read-budget.ts'

export interface LeadRouteOptions {
  db: Database
  /** INBOX_QUERY_BUDGET_MS: how long each read of a list, count, board or export may run (PostgreSQL enforces it). */
  queryBudgetMs: number
  /** Taking a lead out of spam queues its announcement, and wakes the notifier once answered. */
  notifications: Notifications
  /** TIMEZONE: the agency's zone, whose days the list's from/to filters name. */
  timeZone: string
}

/**
 * The export's own settings, then the list's filters as the list reads them;
 * the export keeps the newest-first order whatever the list is sorted by, so
 * its cursor and sort are left out.
 */
const exportQuerySchema = z
  .looseObject({
    format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
    mode: z.enum(EXPORT_MODES, { error: `mode must be one of ${EXPORT_MODES.join(', ')}` }).default('spreadsheet'),
    tz: z.string().max(100).default('UTC'),
  })
  .transform(({ format, mode, tz, cursor: _cursor, sort: _sort, ...filters }, context) => {
    const list = leadListQuerySchema.safeParse(filters)
    if (!list.success) {
      for (const { path, message } of list.error.issues)
        context.addIssue({ code: 'custom', path, message, input: filters })
      return z.NEVER
    }
    return { format, mode, tz, list: list.data }
  })

const NO_SUCH_LEAD = 'no such lead'
// A malformed id is answered as an unknown one: neither names a lead.
const leadParams = idParams(NO_SUCH_LEAD)
const noSuchLead = () => new ApiError(404, NO_SUCH_LEAD)

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const

/**
 * The lead inbox's routes (common/lead-list-api.ts, lead-page-api.ts and the rest), registered under /api/admin
 * in a context that has already checked the session and, for changes, the
 * CSRF token, and set request.admin.
 */
export const leadRoutes: FastifyPluginAsyncZod<LeadRouteOptions> = async (
  app,
  { db, queryBudgetMs, notifications, timeZone },
) => {
  const wake = wakeAfterSuccess(notifications)
  // The reads whose cost grows with the filter: each statement within the budget.
  const reads = withReadBudget(db, queryBudgetMs)
  // The open inbox reads these again every few seconds: unchanged answers are 304.
  registerConditionalGet(app)

  /** The lead as the signed-in account sees it: its "New" marker is the account's own. */
  const detailFor = async (request: FastifyRequest, id: number) => {
    const lead = await getLeadDetail(db, id)
    return lead && (await withNewMarks(db, request.admin.accountId, [lead]))[0]
  }

  const listQuery = { schema: { querystring: leadListQuerySchema } }
  app.get('/leads', listQuery, async (request) => {
    return listLeads(reads, leadQueryOf(request.query, timeZone, request.admin.accountId), {
      accountId: request.admin.accountId,
    })
  })

  app.get(
    LEAD_COUNT_PATH,
    listQuery,
    async (request) =>
      countLeads(reads, leadQueryOf(request.query, timeZone, request.admin.accountId)) satisfies Promise<LeadCount>,
  )

  app.get(
    '/leads/new-count',
    async (request) => ({ count: await newLeadCount(db, request.admin.accountId) }) satisfies NewLeadCount,
  )

  app.get('/leads/export', { schema: { querystring: exportQuerySchema } }, async (request, reply) => {
    const { format, mode, tz, list } = request.query
    const formatTime = zonedTimeWriter(tz)
    if (formatTime === undefined) {
      throw new ApiError(
        400,
        `tz: ${JSON.stringify(tz)} is not a time zone this server knows: give an IANA name such as Europe/Paris`,
      )
    }
    const { filter } = leadQueryOf(list, timeZone, request.admin.accountId)
    const name = `${filter.spam ? 'spam' : 'leads'}-${zonedDay(new Date(), timeZone)}.${format}`
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportLeads(reads, filter, format, { guard: mode === 'spreadsheet', formatTime })))
  })

  // The sources the leads came from: the choices of the list's Source filter.
  app.get('/leads/sources', async () => leadSources(reads))

  // The pipeline board: per status, its count and its newest leads.
  app.get('/leads/board', async (request) => {
    const board = await leadBoard(reads)
    const marked = await withNewMarks(
      db,
      request.admin.accountId,
      board.columns.flatMap((column) => column.leads),
    )
    const byId = new Map(marked.map((lead) => [lead.id, lead]))
    return {
      columns: board.columns.map((column) => ({
        ...column,
        leads: column.leads.map((lead) => byId.get(lead.id) ?? lead),
      })),
    }
  })

  app.get('/leads/:id', { schema: { params: leadParams } }, async (request) => {
    const lead = await detailFor(request, request.params.id)
    if (!lead) throw noSuchLead()
    return lead
  })

  // Opening is said by the page that shows the lead, not read from a GET: a
  // GET stays safe to repeat (the live poll, a prefetch, a script), and a
  // change carries the CSRF token like every other (docs/decisions/030-live-inbox.md).
  app.post('/leads/:id/opened', { schema: { params: leadParams } }, async (request, reply) => {
    if (!(await markOpened(db, request.admin.accountId, request.params.id))) throw noSuchLead()
    return reply.code(204).send()
  })

  // The leads either side of this one in the list its filters show (common/lead-page-api.ts).
  app.get(
    '/leads/:id/neighbours',
    { schema: { params: leadParams, querystring: leadListQuerySchema } },
    async (request) => {
      const neighbours = await leadNeighbours(
        reads,
        request.params.id,
        leadQueryOf(request.query, timeZone, request.admin.accountId),
      )
      if (!neighbours) throw noSuchLead()
      return neighbours
    },
  )

  app.patch('/leads/:id', { schema: { params: leadParams, body: statusChangeSchema } }, async (request) => {
    const change = await changeLeadStatus(db, request.params.id, request.body.status, request.admin.email)
    if (change === undefined) throw noSuchLead()
    return detailFor(request, request.params.id)
  })

  app.post('/leads/:id/not-spam', { schema: { params: leadParams }, onResponse: wake }, async (request) => {
    const outcome = await markNotSpam(db, notifications, request.params.id, request.admin.email)
    if (outcome === 'missing') throw noSuchLead()
    if (outcome === 'not-spam-already') throw new ApiError(409, 'This lead is not spam: it is in the inbox already.')
    return detailFor(request, request.params.id)
  })

  app.post('/leads/:id/notes', { schema: { params: leadParams, body: noteSchema } }, async (request, reply) => {
    const note = await addNote(db, request.params.id, request.body.body, request.admin.email)
    if (note === undefined) throw noSuchLead()
    return reply.code(201).send(note)
  })

  app.delete('/leads/:id', { schema: { params: leadParams } }, async (request) => {
    const erased = await eraseLead(db, request.params.id, request.admin.email)
    if (!erased) throw noSuchLead()
    return { erased: 1 } satisfies ErasureResult
  })

  app.post(BULK_STATUS_PATH, { schema: { body: bulkStatusSchema } }, async (request) => {
    const { ids, status } = request.body
    const { found, changes } = await changeStatus(db, { ids, to: status, author: request.admin.email })
    return { found, changed: changes.length } satisfies BulkStatusResult
  })

  app.post(BULK_ERASE_PATH, { schema: { body: bulkEraseSchema } }, async (request) => {
    return { erased: await eraseLeads(db, request.body.ids, request.admin.email) } satisfies ErasureResult
  })

  app.post(BULK_NOT_SPAM_PATH, { schema: { body: bulkEraseSchema }, onResponse: wake }, async (request) => {
    let moved = 0
    // One at a time, each as the single route moves it: its own transaction, announcement and audit entry.
    for (const id of request.body.ids)
      if ((await markNotSpam(db, notifications, id, request.admin.email)) === 'moved') moved++
    return { moved } satisfies BulkNotSpamResult
  })

  app.post('/erasure', { schema: { body: erasureByEmailSchema } }, async (request) => {
    return { erased: await eraseLeadsByEmail(db, request.body.email, request.admin.email) } satisfies ErasureResult
  })
}
