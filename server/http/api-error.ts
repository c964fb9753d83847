import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod'
import { ZodError, type z } from 'zod'
import { DatabaseUnavailableError, isPostgresError, isUnavailableSqlState } from '../db/database.ts'
import { RETRY_AFTER_SECONDS } from './error-answer.ts'

/** One thing wrong with one part of the request: `field` is its path (`events.0.type`), empty for the whole. */
export interface ApiErrorDetail {
  field: string
  message: string
}

/**
 * The body of every error answer under /api (the inbox's API and the funnel's
 * events). `error` is the machine's: the status text unless the page must tell
 * cases apart (TOTP_REQUIRED); `message` is the person's; `details` is there
 * only when the request had parts that were wrong, one entry for each.
 */
export interface ApiErrorBody {
  statusCode: number
  error: string
  message: string
  details?: ApiErrorDetail[]
}

export interface ApiErrorOptions {
  /** The body's `error`; the status text when not given. */
  code?: string
  details?: ApiErrorDetail[]
  /** Headers the answer needs besides, e.g. Retry-After. */
  headers?: Record<string, string>
}

/**
 * A refusal under /api that the caller can act on: its message is ours,
 * written for whoever reads it, so it is sent as is. Routes throw it; the
 * handler below answers it.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly code: string
  readonly details: ApiErrorDetail[] | undefined
  readonly headers: Record<string, string>
  constructor(
    readonly statusCode: number,
    message: string,
    { code = STATUS_CODES[statusCode] ?? 'Error', details, headers = {} }: ApiErrorOptions = {},
  ) {
    super(message)
    this.code = code
    this.details = details
    this.headers = headers
  }

  /** A 400 for what a schema refused, its issues in the message and, one by one, in details. */
  static invalid(error: z.ZodError, message = describeIssues(error)) {
    return new ApiError(400, message, { details: issueDetails(error) })
  }

  get body(): ApiErrorBody {
    return {
      statusCode: this.statusCode,
      error: this.code,
      message: this.message,
      ...(this.details === undefined || this.details.length === 0 ? {} : { details: this.details }),
    }
  }
}

/** Each issue as `field: message`, the way the inbox can show it. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}

const issueDetails = (error: z.ZodError): ApiErrorDetail[] =>
  error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))

// Class 22 is PostgreSQL's "data exception": a value it cannot take (a NUL, a
// day that does not exist, a number out of range). The schemas refuse every
// such value first; should one slip through, it is still the request's fault.
const dataException = (error: unknown) => isPostgresError(error) && error.code.startsWith('22')
const DATA_EXCEPTION =
  'A value in the request is not one the database can take: check its dates, numbers and characters.'

// A change that met another at the same moment: what it refers to was removed meanwhile (a lead merged or erased
// while a note was saved: 23503), or the database chose it to give way in a deadlock (40P01) or a serialization
// failure (40001). Nothing of it was written; the same request again reads the lead where it is now.
const CONFLICTS = new Set(['23503', '40P01', '40001'])
const conflict = (error: unknown) => isPostgresError(error) && CONFLICTS.has(error.code)
const CONFLICT =
  'This change met another made at the same moment (the lead may have been merged or erased): nothing was saved. Reload and try again.'

const unavailable = (error: unknown) =>
  error instanceof DatabaseUnavailableError || (isPostgresError(error) && isUnavailableSqlState(error.code))

const statusText = (status: number) => STATUS_CODES[status] ?? 'Error'

/**
 * What a route schema refused, in the words ApiError.invalid uses for the same
 * issues. A path parameter that does not match names nothing, so it is
 * answered 404 with its schema's message (http/id-param.ts), as an id that
 * names no row would be.
 */
function routeSchemaRefusal(issues: readonly ZodFastifySchemaValidationError[], context: string | undefined): ApiError {
  const details = issues.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'is not valid',
  }))
  if (context === 'params') return new ApiError(404, details[0]?.message ?? statusText(404))
  const message = details.map(({ field, message }) => (field === '' ? message : `${field}: ${message}`)).join('; ')
  return new ApiError(400, message, { details })
}

/** Whatever was thrown, as the ApiError it is answered with; logs what is the server's fault. */
function asApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof ZodError) return ApiError.invalid(error)
  if (hasZodFastifySchemaValidationErrors(error)) return routeSchemaRefusal(error.validation, error.validationContext)
  if (dataException(error)) {
    request.log.warn({ err: error }, 'the database refused a value of the request')
    return new ApiError(400, DATA_EXCEPTION)
  }
  if (conflict(error)) {
    request.log.warn({ err: error }, 'a change met another at the same moment')
    return new ApiError(409, CONFLICT)
  }
  if (unavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable')
    return new ApiError(503, statusText(503), { headers: { 'retry-after': RETRY_AFTER_SECONDS } })
  }
  const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500
  if (status >= 500) {
    // Nothing internal leaves the server: the cause goes to the log only.
    request.log.error({ err: error }, 'request failed')
    return new ApiError(status, statusText(status))
  }
  // Fastify's own words would not say which limit was passed.
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ApiError(413, `The body is over ${request.routeOptions.bodyLimit} bytes.`)
  if (error.validation !== undefined) {
    const details = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'is not valid',
    }))
    return new ApiError(400, error.message, { details })
  }
  // Fastify's other 4xx (a body that is not JSON, a media type no parser takes) say what was wrong and quote nothing sent.
  return new ApiError(status, error.message)
}

/**
 * The one error handler under /api, set by each plugin there. Whatever was
 * thrown is answered as an ApiError: a body the schemas refuse says what is
 * wrong with it; a value the database refuses as data (SQLSTATE class 22) is
 * 400 too; a database that cannot answer is 503 with Retry-After; anything
 * else unexpected is 500 with nothing internal in it.
 */
export function answerApiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = asApiError(error, request)
  return reply.code(answer.statusCode).headers(answer.headers).send(answer.body)
}
