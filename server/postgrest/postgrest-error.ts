import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { DatabaseUnavailableError, isPostgresError, isUnavailableSqlState } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { RETRY_AFTER_SECONDS } from '../http/error-answer.ts'

/** The body PostgREST (and so supabase-js) uses for every error. */
export interface PostgrestErrorBody {
  code: string
  message: string
  details: string | null
  hint: string | null
}

/** An error a REST handler throws; the REST error handler sends it as is. */
export class PostgrestError extends Error {
  override name = 'PostgrestError'

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  toBody(): PostgrestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint }
  }
}

export const invalidBody = (details: string | null = null) =>
  new PostgrestError(400, 'PGRST102', 'Empty or invalid json', details)

export const unparsableQuery = (message: string, details: string | null = null) =>
  new PostgrestError(400, 'PGRST100', message, details)

export const unknownColumn = (table: string, column: string) =>
  new PostgrestError(400, '42703', `column ${table}.${column} does not exist`)

export const unavailable = () =>
  new PostgrestError(503, 'PGRST001', 'Could not connect with the database', null, 'Try again in a few seconds.', {
    'retry-after': RETRY_AFTER_SECONDS,
  })

/**
 * A client over a limit. PostgREST has no code of its own for this, so it
 * carries PostgreSQL's configuration_limit_exceeded.
 */
export const tooManyRequests = (details: string, retryInSeconds: number, headers: Record<string, string> = {}) =>
  new PostgrestError(429, '53400', 'Too many requests', details, `Try again in ${retryInSeconds} seconds.`, headers)

export const internalError = () => new PostgrestError(500, 'XX000', 'Internal server error')

/**
 * PostgREST's answer to a role without the privilege: 401 with a Bearer
 * challenge for the anonymous role, 403 for a caller that authenticated.
 */
export const permissionDenied = (table: string, authenticated = false) =>
  new PostgrestError(
    authenticated ? 403 : 401,
    '42501',
    `permission denied for table ${table}`,
    null,
    null,
    authenticated ? {} : { 'www-authenticate': 'Bearer' },
  )

export const unsupportedMediaType = () =>
  new PostgrestError(415, 'PGRST107', 'Content-Type not acceptable', 'Send application/json.')

// PostgreSQL's own wording, minus the "Failing row contains (…)" detail that
// would repeat the submitted values.
export const notNullViolation = (column = '?', table = '?') =>
  new PostgrestError(
    400,
    '23502',
    `null value in column "${column}" of relation "${table}" violates not-null constraint`,
  )

export const checkViolation = (constraint = '?', table = '?', details: string | null = null) =>
  new PostgrestError(400, '23514', `new row for relation "${table}" violates check constraint "${constraint}"`, details)

/** PostgreSQL's detail, `Key (submission_id)=(…) already exists.`, less the value. */
const uniqueViolation = (constraint = '?', columns: string | undefined = undefined) =>
  new PostgrestError(
    409,
    '23505',
    `duplicate key value violates unique constraint "${constraint}"`,
    columns === undefined ? null : `Key (${columns}) already exists.`,
  )

// Only the column list of the detail: the part after it quotes the submitted values.
function keyColumns(error: Error): string | undefined {
  const detail: unknown = (error as { detail?: unknown }).detail
  if (typeof detail !== 'string') return undefined
  return /^Key \(([\w, ]+)\)=/.exec(detail)?.[1]
}

/**
 * Turns a database failure into PostgREST's answer (status by SQLSTATE class, as
 * in https://docs.postgrest.org/en/stable/references/errors.html). PostgreSQL's
 * message and detail can quote the submitted values, so only identifiers (table,
 * column, constraint names) are carried over. Returns undefined for errors that
 * are bugs rather than database answers. `routeTable` names the table when
 * PostgreSQL does not.
 */
export function fromDatabaseError(error: unknown, routeTable = '?'): PostgrestError | undefined {
  if (error instanceof DatabaseUnavailableError) return unavailable()
  if (!isPostgresError(error)) return undefined
  const { code, constraint, column } = error
  const table = error.table ?? routeTable
  switch (code) {
    case '23502':
      return notNullViolation(column, table)
    case '23514':
      return checkViolation(constraint, table)
    case '23505':
      return uniqueViolation(constraint, keyColumns(error))
    case '23503':
      return new PostgrestError(409, code, `insert or update on "${table}" violates foreign key "${constraint ?? '?'}"`)
  }
  if (code.startsWith('22') || code.startsWith('23')) {
    return new PostgrestError(400, code, 'A value does not fit its column', 'The value is not repeated here.')
  }
  return isUnavailableSqlState(code) ? unavailable() : undefined
}

/**
 * Any error, as PostgREST would answer it. A refusal written for /api (the
 * funnel's events also take the events table's rows here) keeps its words,
 * in PostgREST's shape.
 */
export function toPostgrestError(error: FastifyError | ApiError, routeTable?: string): PostgrestError {
  if (error instanceof PostgrestError) return error
  if (error instanceof ApiError) {
    const code = error.statusCode === 429 ? '53400' : error.statusCode === 415 ? 'PGRST107' : 'PGRST102'
    return new PostgrestError(error.statusCode, code, error.message, null, null, error.headers)
  }
  const fromDatabase = fromDatabaseError(error, routeTable)
  if (fromDatabase) return fromDatabase
  const status = error.statusCode ?? 500
  if (status === 413) {
    // No PostgREST code exists for this (a proxy usually answers it); 54000 is
    // PostgreSQL's "program limit exceeded".
    return new PostgrestError(413, '54000', 'Payload too large', 'The body is larger than this endpoint accepts.')
  }
  if (status === 415) return unsupportedMediaType()
  if (status === 400) return invalidBody()
  if (status >= 400 && status < 500) {
    return new PostgrestError(status, 'PGRST100', STATUS_CODES[status] ?? 'Bad request')
  }
  return internalError()
}

/** The table a route serves: as in PostgREST, the last segment of its path (`/rest/v1/<table>`). */
export function routeTable(request: FastifyRequest): string | undefined {
  const name = request.routeOptions.url?.split('/').pop()
  return name !== undefined && /^\w+$/.test(name) ? name : undefined
}

/** An error handler for a route under /rest/v1 outside the REST API's own scope. */
export async function answerAsPostgrest(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  const answer = toPostgrestError(error, routeTable(request))
  if (answer.statusCode >= 500) request.log.error({ err: error }, 'request failed')
  return reply.code(answer.statusCode).headers(answer.headers).send(answer.toBody())
}
