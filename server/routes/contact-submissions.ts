import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify'
import { CONTACT_FIELDS } from '../../common/contact-submission.ts'
import type { Database } from '../db/database.ts'
import { parseSubmission } from '../rest/parse-submission.ts'
import { PostgrestError, TABLE, unsupportedMediaType } from '../rest/postgrest-error.ts'
import { parsePrefer } from '../rest/prefer.ts'
import { parseReadQuery, parseSelect, single } from '../rest/read-query.ts'
import { createServiceRoleCheck } from '../rest/service-role.ts'

export interface ContactSubmissionsOptions {
  db: Database
  serviceRoleKey: string | undefined
}

/** An application is a few kilobytes at most (see FIELD_MAX_LENGTH); refuse more. */
export const SUBMISSION_BODY_LIMIT = 16 * 1024

interface RestRequest {
  Body: string | undefined
  Querystring: Record<string, string | string[] | undefined>
}

const INSERT = `INSERT INTO ${TABLE} (${CONTACT_FIELDS.join(', ')})
  VALUES (${CONTACT_FIELDS.map((_, index) => `$${index + 1}`).join(', ')})`

// PostgREST's answer to a role without the grant (anon may only insert).
const permissionDenied = () =>
  new PostgrestError(401, '42501', `permission denied for table ${TABLE}`, null, null, {
    'www-authenticate': 'Bearer',
  })

/**
 * The table endpoint, answering as PostgREST does for supabase-js (DESIGN.md,
 * "The submission call"): anyone may insert, only the service role may read.
 */
export const contactSubmissionsRoutes: FastifyPluginAsync<ContactSubmissionsOptions> = async (
  app,
  { db, serviceRoleKey },
) => {
  const isServiceRole = createServiceRoleCheck(serviceRoleKey)
  // Runs before the body is read, so anonymous callers cannot make us parse it.
  const requireServiceRole: onRequestHookHandler = async (request) => {
    if (!isServiceRole(request.headers)) throw permissionDenied()
  }

  app.post<RestRequest>(`/${TABLE}`, { bodyLimit: SUBMISSION_BODY_LIMIT }, async (request, reply) => {
    assertJson(request.headers['content-type'])
    const submission = parseSubmission(request.body)
    const values = CONTACT_FIELDS.map((field) => submission[field])
    if (parsePrefer(request.headers.prefer).return !== 'representation') {
      await db.query(INSERT, values)
      return reply.code(201).send()
    }
    const select = parseSelect(single('select', request.query.select))
    const [result] = await db.query<{ body: string }>(
      `WITH inserted AS (${INSERT} RETURNING *)
       SELECT coalesce(json_agg(t), '[]')::text AS body FROM (SELECT ${select} FROM inserted) t`,
      values,
    )
    return reply
      .code(201)
      .type('application/json; charset=utf-8')
      .send(result?.body ?? '[]')
  })

  app.get<RestRequest>(`/${TABLE}`, { onRequest: requireServiceRole }, async (request, reply) => {
    const query = parseReadQuery(request.query)
    const params: unknown[] = [...query.params]
    let paging = ''
    if (query.limit !== undefined) {
      params.push(query.limit)
      paging += ` LIMIT $${params.length}`
    }
    if (query.offset > 0) {
      params.push(query.offset)
      paging += ` OFFSET $${params.length}`
    }
    // PostgreSQL builds the JSON, as in PostgREST, so types (bigint ids,
    // timestamps) come out exactly as a real PostgREST would send them.
    const [page] = await db.query<{ body: string; rows: number }>(
      `SELECT coalesce(json_agg(t), '[]')::text AS body, count(*)::int AS rows
       FROM (SELECT ${query.select} FROM ${TABLE} ${query.where} ${query.orderBy}${paging}) t`,
      params,
    )
    let total = '*'
    if (parsePrefer(request.headers.prefer).count) {
      const [counted] = await db.query<{ total: string }>(
        `SELECT count(*)::text AS total FROM ${TABLE} ${query.where}`,
        query.params,
      )
      total = counted?.total ?? '0'
    }
    const rows = page?.rows ?? 0
    const range = rows > 0 ? `${query.offset}-${query.offset + rows - 1}` : '*'
    return reply
      .header('content-range', `${range}/${total}`)
      .type('application/json; charset=utf-8')
      .send(page?.body ?? '[]')
  })

  app.route({
    method: ['PATCH', 'PUT', 'DELETE'],
    url: `/${TABLE}`,
    onRequest: requireServiceRole,
    handler: async () => {
      // Applications are kept as submitted; corrections belong in the database itself.
      throw new PostgrestError(405, 'PGRST117', 'Unsupported HTTP verb', null, null, {
        allow: 'GET, HEAD, POST',
      })
    },
  })
}

// PostgREST reads a body without Content-Type as JSON; other types it cannot read.
function assertJson(contentType: string | undefined) {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  if (mediaType === undefined || mediaType === '' || mediaType === 'application/json') return
  throw unsupportedMediaType()
}
