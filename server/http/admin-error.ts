import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError, type z } from 'zod'
import { DatabaseUnavailableError, isPostgresError, isUnavailableSqlState } from '../db/database.ts'
import { RETRY_AFTER_SECONDS, errorAnswer } from './error-answer.ts'

/**
 * A refusal the inbox can explain: its message is ours, written for the
 * person at the inbox, so it is sent as is. `code` is the body's `error`
 * (the status text unless the page must tell cases apart, e.g. TOTP_REQUIRED).
 */
export class AdminError extends Error {
  override name = 'AdminError'
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = STATUS_CODES[statusCode] ?? 'Error',
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

// Class 22 is PostgreSQL's "data exception": a value it cannot take (a NUL, a
// day that does not exist, a number out of range). The schemas refuse every
// such value first; should one slip through, it is still the request's fault.
const dataException = (error: unknown) => isPostgresError(error) && error.code.startsWith('22')
const DATA_EXCEPTION = 'A value in the request is not one the database can take: check its dates, numbers and characters.'

const unavailable = (error: unknown) =>
  error instanceof DatabaseUnavailableError || (isPostgresError(error) && isUnavailableSqlState(error.code))

/**
 * The error handler of everything under /api/admin: JSON `{ statusCode,
 * error, message }`. A body the schemas refuse says what is wrong with it; a
 * value the database refuses as data (SQLSTATE class 22) is 400 too; a
 * database that cannot answer is 503 with Retry-After; anything else
 * unexpected is 500 with nothing internal in it.
 */
export function answerAdminError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AdminError) {
    return reply.code(error.statusCode).headers(error.headers).send({ statusCode: error.statusCode, error: error.code, message: error.message })
  }
  if (error instanceof ZodError) {
    return reply.code(400).send({ ...errorAnswer(400), message: describeIssues(error) })
  }
  if (dataException(error)) {
    request.log.warn({ err: error }, 'the database refused a value of the request')
    return reply.code(400).send({ ...errorAnswer(400), message: DATA_EXCEPTION })
  }
  if (unavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable')
    return reply.code(503).header('retry-after', RETRY_AFTER_SECONDS).send(errorAnswer(503))
  }
  const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed')
    return reply.code(status).send(errorAnswer(status))
  }
  // Fastify's own 4xx (a body that is not JSON, or too large) say what was wrong and quote nothing sent.
  return reply.code(status).send({ ...errorAnswer(status), message: error.message })
}

/** Each issue as `field: message`, the way the inbox can show it. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ')
}

/** A 400 whose message says what to change, in the shape of every other error answer. */
export const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ statusCode: 400, error: 'Bad Request', message })

export const notFound = (reply: FastifyReply, what: string) => reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `no such ${what}` })
