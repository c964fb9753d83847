import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { ADS_CONSENT_FIELD } from '../../common/ads-consent.ts'
import { applicationForm } from '../../common/application-form.ts'
import { ATTRIBUTION_FIELD, ATTRIBUTION_MAX_BYTES } from '../../common/attribution.ts'
import { HONEYPOT_FIELD, HONEYPOT_MAX_LENGTH } from '../../common/contact-submission.ts'
import { captureConsent, consentWithItem } from '../conversions/consent-capture.ts'
import { NO_PLATFORMS, type ConsentSettings } from '../conversions/consent-config.ts'
import type { Database } from '../db/database.ts'
import { type Notifications, wakeAfterSuccess } from '../notify/notifications.ts'
import { parseColumnsParam } from '../postgrest/columns.ts'
import { parseInsert } from '../postgrest/parse-insert.ts'
import { PostgrestError, permissionDenied, unsupportedMediaType } from '../postgrest/postgrest-error.ts'
import { parsePrefer, preferenceApplied, wantsCount } from '../postgrest/prefer.ts'
import { parseReadQuery, parseSelect, single } from '../postgrest/read-query.ts'
import type { ServiceRoleGate } from '../postgrest/service-role.ts'
import { SUBMISSIONS, TABLE } from './submission-table.ts'

export interface ContactSubmissionsOptions {
  db: Database
  /** Recognises the service-role key, with wrong keys throttled per address. */
  serviceRole: ServiceRoleGate
  /** Route config for the insert, e.g. its rate limit (see http/rate-limit.ts). */
  insertConfig?: Record<string, unknown>
  /** A stored application is news: the notifier is woken once the applicant has the answer. */
  notifications: Notifications
  /** Whether, and how, a lead consents to be reported to the ad platforms; none on by default. */
  consent?: ConsentSettings
}

/**
 * The largest body the page can send for an application the form allows, so
 * none is ever refused for its size: every answer and the honeypot at their
 * limits (counted in UTF-16 code units, as the form and the server count
 * them), each unit the worst JSON.stringify can make of it. A control
 * character such as U+0001 becomes `\u0001`, six bytes for one unit; nothing
 * takes more (a lone surrogate is six as well, CJK three, and an emoji four
 * bytes for its two units). The attribution is bounded in bytes of its JSON
 * already. Then some room for a client that adds whitespace, rounded up to
 * whole KiB: 58 KiB.
 */
export const SUBMISSION_BODY_LIMIT = (() => {
  const widest = (units: number) => '\u0001'.repeat(units)
  const row = {
    ...Object.fromEntries(applicationForm.map((field) => [field.key, widest(field.maxLength)])),
    submission_id: '00000000-0000-4000-8000-000000000000',
    [HONEYPOT_FIELD]: widest(HONEYPOT_MAX_LENGTH),
    // A string whose JSON takes exactly as many bytes as the largest attribution kept.
    [ATTRIBUTION_FIELD]: 'a'.repeat(ATTRIBUTION_MAX_BYTES - 2),
    [ADS_CONSENT_FIELD]: true,
  }
  const headroom = 1024
  return Math.ceil((Buffer.byteLength(JSON.stringify([row])) + headroom) / 1024) * 1024
})()

/** The most rows one read returns, so no read holds the whole table in memory. */
export const MAX_READ_ROWS = 1000

interface RestRequest {
  Body: string | undefined
  Querystring: Record<string, string | string[] | undefined>
}

/**
 * The table endpoint, answering as PostgREST does for supabase-js, so the page
 * posts the same call here as to Supabase (docs/api.md): anyone may insert one
 * application, only the service role may read, and nobody may change or delete
 * rows over HTTP.
 */
export const contactSubmissionsRoutes: FastifyPluginAsync<ContactSubmissionsOptions> = async (
  app,
  { db, serviceRole, insertConfig = {}, notifications, consent: consentSettings = NO_PLATFORMS },
) => {
  // Runs before the body is read, so anonymous callers cannot make us parse it.
  const requireServiceRole: onRequestHookHandler = async (request) => {
    if (!(await serviceRole.authenticate(request))) throw permissionDenied(TABLE)
  }

  const onResponse = wakeAfterSuccess(notifications)
  app.post<RestRequest>(
    `/${TABLE}`,
    { bodyLimit: SUBMISSION_BODY_LIMIT, config: insertConfig, onResponse },
    async (request, reply) => {
      assertJson(request.headers['content-type'])
      const authenticated = await serviceRole.authenticate(request)
      const prefer = parsePrefer(request.headers.prefer)
      // An upsert needs UPDATE (merge) or SELECT on the key (ignore) besides
      // INSERT; the anon role of supabase/migrations has neither. The service
      // role's upsert could only ever insert: the key, id, is always generated.
      if (prefer.resolution !== undefined && !authenticated) throw permissionDenied(TABLE)
      // Reading the row back needs SELECT, which anon lacks on Supabase too; and the
      // sequential id it would return tells anyone how many applications exist.
      if ((prefer.return === 'representation' || prefer.return === 'headers-only') && !authenticated) {
        throw permissionDenied(TABLE)
      }
      const representation = prefer.return === 'representation'
      // PostgREST plans the returned columns before it inserts anything.
      const select = representation ? parseSelect(single('select', request.query.select), SUBMISSIONS) : '*'
      const row = parseInsert(request.body, {
        columns: parseColumnsParam(single('columns', request.query.columns)),
        missingDefault: prefer.missing === 'default',
        authenticated,
        table: SUBMISSIONS,
        beside: [ADS_CONSENT_FIELD],
      })
      const consent = captureConsent(consentSettings, request, row.beside[ADS_CONSENT_FIELD])

      // parseInsert returns every answer: never an empty row.
      const insert = `INSERT INTO ${TABLE} (${row.columns.join(', ')}) VALUES (${row.columns.map((_, i) => `$${i + 1}`).join(', ')})`
      // A consent is written by the insert's own statement, after the row's values.
      const consented = consent && consentWithItem(consent, 'inserted', row.values.length + 1)
      const params = consented ? [...row.values, ...consented.params] : row.values
      const besideInsert = consented ? `, ${consented.sql}` : ''
      // What the page sends (return=minimal, no count) needs nothing back: the bare
      // INSERT, prepared once per connection, costs the database far less than
      // building the answer below (npm run bench:api).
      const needsResult = representation || prefer.return === 'headers-only' || wantsCount(prefer)
      let result: { inserted: number; id: string | null; body: string } | undefined
      if (needsResult) {
        // PostgreSQL builds the JSON, as in PostgREST, so types come out the same.
        ;[result] = await db.query<{ inserted: number; id: string | null; body: string }>(
          `WITH inserted AS (${insert} RETURNING *)${besideInsert}
           SELECT (SELECT count(*)::int FROM inserted) AS inserted,
                  (SELECT id::text FROM inserted LIMIT 1) AS id,
                  (SELECT coalesce(json_agg(t), '[]')::text FROM (SELECT ${select} FROM inserted) t) AS body`,
          params,
        )
      } else if (consented) {
        await db.query(`WITH inserted AS (${insert} RETURNING id, spam)${besideInsert} SELECT 1`, params)
      } else {
        await db.query(insert, row.values, { prepare: true, oneRowInsert: true })
      }
      const inserted = result?.inserted ?? 0

      reply.code(201).header('content-range', `*/${wantsCount(prefer) ? inserted : '*'}`)
      setPreferenceApplied(reply, preferenceApplied(prefer, ['resolution', 'missing', 'return', 'count', 'handling']))
      if (prefer.return === 'headers-only' && result?.id) reply.header('location', `/${TABLE}?id=eq.${result.id}`)
      if (!representation) return reply.send()
      return sendJson(request, reply, result?.body ?? '[]')
    },
  )

  app.get<RestRequest>(`/${TABLE}`, { onRequest: requireServiceRole }, async (request, reply) => {
    const query = parseReadQuery(request.query, SUBMISSIONS)
    const prefer = parsePrefer(request.headers.prefer)
    const params: unknown[] = [...query.params]
    // As PostgREST's db-max-rows: a larger limit, or none, is cut to the cap, and
    // Content-Range tells the client which rows it got, so it can page on with offset.
    params.push(Math.min(query.limit ?? MAX_READ_ROWS, MAX_READ_ROWS))
    let paging = ` LIMIT $${params.length}`
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
    if (wantsCount(prefer)) {
      const [counted] = await db.query<{ total: string }>(
        `SELECT count(*)::text AS total FROM ${TABLE} ${query.where}`,
        query.params,
      )
      total = counted?.total ?? '0'
    }
    const rows = page?.rows ?? 0
    const range = rows > 0 ? `${query.offset}-${query.offset + rows - 1}` : '*'
    reply.header('content-range', `${range}/${total}`)
    setPreferenceApplied(reply, preferenceApplied(prefer, ['count', 'handling']))
    return sendJson(request, reply, page?.body ?? '[]')
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

function setPreferenceApplied(reply: FastifyReply, value: string | undefined) {
  if (value !== undefined) reply.header('preference-applied', value)
}

function sendJson(request: FastifyRequest, reply: FastifyReply, body: string) {
  // PostgREST names the schema back when the request chose it by profile header.
  const profile = request.headers['content-profile'] ?? request.headers['accept-profile']
  if (profile !== undefined) reply.header('content-profile', 'public')
  return reply.type('application/json; charset=utf-8').send(body)
}

// PostgREST reads a body without Content-Type as JSON; other types it cannot read.
function assertJson(contentType: string | undefined) {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  if (mediaType === undefined || mediaType === '' || mediaType === 'application/json') return
  throw unsupportedMediaType()
}
