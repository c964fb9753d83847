import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorAnswerHeaders, type HeaderConfig } from './security-headers.ts'

// How long a client should wait before retrying when the database is away:
// long enough for a database restart to get going.
export const RETRY_AFTER_SECONDS = '5'

/** The body of every error answer outside the REST API: the status and its text, nothing internal. */
export function errorAnswer(status: number) {
  const text = STATUS_CODES[status] ?? 'Error'
  return { statusCode: status, error: text, message: text }
}

const errorBody = (status: number) => JSON.stringify(errorAnswer(status))

/** An error's own 4xx/5xx status, else 500. */
const statusOf = (error: FastifyError) =>
  error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500

/**
 * The app's error handler outside the REST API (which answers in PostgREST's
 * shape). A 5xx answer carries only the status text, so nothing internal
 * leaves the server; the error goes to the log.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = statusOf(error)
  if (status >= 500) request.log.error({ err: error }, 'request failed')
  return reply.code(status).send(errorAnswer(status))
}

/**
 * Fastify's clientErrorHandler: answers what Node could not parse (or what
 * timed out) as Fastify would, plus the protective headers.
 */
export function createClientErrorHandler(config: HeaderConfig) {
  const headers = Object.entries(errorAnswerHeaders(config)).map(([name, value]) => `${name}: ${value}`)
  return function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
    const body = errorBody(status)
    this.log.trace({ err: error }, 'client error')
    if (socket.writable) {
      socket.write(
        [
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
          'connection: close',
          'content-type: application/json; charset=utf-8',
          `content-length: ${Buffer.byteLength(body)}`,
          ...headers,
          '',
          body,
        ].join('\r\n'),
      )
    }
    socket.destroy(error)
  }
}

/**
 * Fastify's frameworkErrors: a URL it cannot decode (or a failed route
 * constraint) is answered before any hook runs. Fastify's own answer would
 * quote the URL back; this one does not.
 */
export function createFrameworkErrorHandler(config: HeaderConfig) {
  const headers = errorAnswerHeaders(config)
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = statusOf(error)
    return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(errorBody(status))
  }
}
