import { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { EXPORT_FORMATS, type ErasureResult } from '../../common/admin-api.ts'
import { EXPORT_MODES } from '../../common/export-options.ts'
import type { NewLeadCount } from '../../common/live-api.ts'
import { bulkEraseSchema, bulkStatusSchema, erasureByEmailSchema, noteSchema, statusChangeSchema } from '../../common/admin-api-schema.ts'
import {
  BULK_ERASE_PATH,
  BULK_NOT_SPAM_PATH,
  BULK_STATUS_PATH,
  LEAD_COUNT_PATH,
  type BulkNotSpamResult,
  type BulkStatusResult,
  type LeadCount,
} from '../../common/lead-list-api.ts'
import { utcDay } from '../../common/utc-day.ts'
import type { Database } from '../db/database.ts'
import { zonedTimeWriter } from '../export/export-time.ts'
import { ApiError } from '../http/api-error.ts'
import { registerConditionalGet } from '../http/conditional-get.ts'
import { idSchema } from '../http/id-param.ts'
import { markNotSpam } from '../lead-lifecycle/not-spam.ts'
import { markOpened } from '../lead-lifecycle/opened.ts'
import { changeLeadStatus, changeStatus } from '../lead-lifecycle/status-change.ts'
import { type Notifications, wakeAfterSuccess } from '../notify/notifications.ts'
import { leadBoard } from './board.ts'
import { eraseLeads } from './bulk.ts'
import { eraseLead, eraseLeadsByEmail } from './erasure.ts'
import { exportLeads } from './export-leads.ts'
import { getLeadDetail } from './lead-detail.ts'
import { newLeadCount, withNewMarks } from './lead-opened.ts'
import { leadNeighbours } from './lead-neighbours.ts'
import { parseLeadQuery } from './lead-filter.ts'
import { leadSources } from './lead-sources.ts'
import { withReadBudget } from './read-budget.ts'
import { countLeads, listLeads } from './lead-page.ts'
import { addNote } from './pipeline.ts'

export interface AdminLeadRouteOptions {
  db: Database
  /** INBOX_QUERY_BUDGET_MS: how long each read of a list, count, board or export may run (PostgreSQL enforces it). */
  queryBudgetMs: number
  /** Taking a lead out of spam queues its announcement, and wakes the notifier once answered. */
  notifications: Notifications
}

const exportQuerySchema = z.looseObject({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
  mode: z.enum(EXPORT_MODES, { error: `mode must be one of ${EXPORT_MODES.join(', ')}` }).default('spreadsheet'),
  tz: z.string().max(100).default('UTC'),
})

// A malformed id is answered as an unknown one: neither names a lead.
const noSuchLead = () => new ApiError(404, 'no such lead')

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const

/**
 * The lead inbox's routes (common/admin-api.ts), registered under /api/admin
 * in a context that has already checked the session and, for changes, the
 * CSRF token, and set request.admin.
 */
export const adminLeadRoutes: FastifyPluginAsync<AdminLeadRouteOptions> = async (app, { db, queryBudgetMs, notifications }) => {
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

  app.get('/leads', async (request) => {
    return listLeads(reads, parseLeadQuery(request.query), { accountId: request.admin.accountId })
  })

  app.get(LEAD_COUNT_PATH, async (request) => countLeads(reads, parseLeadQuery(request.query)) satisfies Promise<LeadCount>)

  app.get('/leads/new-count', async (request) => ({ count: await newLeadCount(db, request.admin.accountId) }) satisfies NewLeadCount)

  app.get('/leads/export', async (request, reply) => {
    const format = exportQuerySchema.safeParse(request.query)
    if (!format.success) throw ApiError.invalid(format.error)
    // The export keeps the newest-first order whatever the list is sorted by.
    const { format: _format, cursor: _cursor, sort: _sort, mode, tz, ...filters } = format.data
    const formatTime = zonedTimeWriter(tz)
    if (formatTime === undefined) {
      throw new ApiError(400, `tz: ${JSON.stringify(tz)} is not a time zone this server knows: give an IANA name such as Europe/Paris`)
    }
    const { filter } = parseLeadQuery(filters)
    const name = `${filter.spam ? 'spam' : 'leads'}-${utcDay()}.${format.data.format}`
    return reply
      .header('content-type', CONTENT_TYPES[format.data.format])
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportLeads(reads, filter, format.data.format, { guard: mode === 'spreadsheet', formatTime })))
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
    return { columns: board.columns.map((column) => ({ ...column, leads: column.leads.map((lead) => byId.get(lead.id) ?? lead) })) }
  })

  app.get('/leads/:id', async (request) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success) throw noSuchLead()
    const lead = await detailFor(request, params.data.id)
    if (!lead) throw noSuchLead()
    return lead
  })

  // Opening is said by the page that shows the lead, not read from a GET: a
  // GET stays safe to repeat (the live poll, a prefetch, a script), and a
  // change carries the CSRF token like every other (docs/decisions/030-live-inbox.md).
  app.post('/leads/:id/opened', async (request, reply) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success) throw noSuchLead()
    if (!(await markOpened(db, request.admin.accountId, params.data.id))) throw noSuchLead()
    return reply.code(204).send()
  })

  // The leads either side of this one in the list its filters show (common/lead-page-api.ts).
  app.get('/leads/:id/neighbours', async (request) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success) throw noSuchLead()
    const neighbours = await leadNeighbours(reads, params.data.id, parseLeadQuery(request.query))
    if (!neighbours) throw noSuchLead()
    return neighbours
  })

  app.patch('/leads/:id', async (request) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success) throw noSuchLead()
    const body = statusChangeSchema.safeParse(request.body)
    if (!body.success) throw ApiError.invalid(body.error)
    const change = await changeLeadStatus(db, params.data.id, body.data.status, request.admin.email)
    if (change === undefined) throw noSuchLead()
    return detailFor(request, params.data.id)
  })

  app.post('/leads/:id/not-spam', { onResponse: wake }, async (request) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success) throw noSuchLead()
    const outcome = await markNotSpam(db, notifications, params.data.id, request.admin.email)
    if (outcome === 'missing') throw noSuchLead()
    if (outcome === 'not-spam-already') throw new ApiError(409, 'This lead is not spam: it is in the inbox already.')
    return detailFor(request, params.data.id)
  })

  app.post('/leads/:id/notes', async (request, reply) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success) throw noSuchLead()
    const body = noteSchema.safeParse(request.body)
    if (!body.success) throw ApiError.invalid(body.error)
    const note = await addNote(db, params.data.id, body.data.body, request.admin.email)
    if (note === undefined) throw noSuchLead()
    return reply.code(201).send(note)
  })

  app.delete('/leads/:id', async (request) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success) throw noSuchLead()
    const erased = await eraseLead(db, params.data.id, request.admin.email)
    if (!erased) throw noSuchLead()
    return { erased: 1 } satisfies ErasureResult
  })

  app.post(BULK_STATUS_PATH, async (request) => {
    const body = bulkStatusSchema.safeParse(request.body)
    if (!body.success) throw ApiError.invalid(body.error)
    const { found, changes } = await changeStatus(db, { ids: body.data.ids, to: body.data.status, author: request.admin.email })
    return { found, changed: changes.length } satisfies BulkStatusResult
  })

  app.post(BULK_ERASE_PATH, async (request) => {
    const body = bulkEraseSchema.safeParse(request.body)
    if (!body.success) throw ApiError.invalid(body.error)
    return { erased: await eraseLeads(db, body.data.ids, request.admin.email) } satisfies ErasureResult
  })

  app.post(BULK_NOT_SPAM_PATH, { onResponse: wake }, async (request) => {
    const body = bulkEraseSchema.safeParse(request.body)
    if (!body.success) throw ApiError.invalid(body.error)
    let moved = 0
    // One at a time, each as the single route moves it: its own transaction, announcement and audit entry.
    for (const id of body.data.ids) if ((await markNotSpam(db, notifications, id, request.admin.email)) === 'moved') moved++
    return { moved } satisfies BulkNotSpamResult
  })

  app.post('/erasure', async (request) => {
    const body = erasureByEmailSchema.safeParse(request.body)
    if (!body.success) throw ApiError.invalid(body.error)
    return { erased: await eraseLeadsByEmail(db, body.data.email, request.admin.email) } satisfies ErasureResult
  })
}
