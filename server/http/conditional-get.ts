import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

/** The entity tag of an answer's bytes: the same answer, the same tag, whichever server instance wrote it. */
export const entityTag = (payload: string | Buffer) =>
  `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`

/** Whether an If-None-Match header names `tag` (or is `*`); weak and strong forms of one tag match, as RFC 9110 says for GET. */
function matches(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim()
    return value === '*' || value.replace(/^W\//, '') === tag
  })
}

/**
 * Conditional GETs for the routes of `app`'s context: each successful answer
 * sent whole (JSON text, not a stream) carries an ETag made from its bytes,
 * and a request whose If-None-Match names it is answered 304 with no body. The
 * query still runs; what is saved is the transfer, and the page's parsing and
 * drawing of an answer it already has (docs/decisions/030-live-inbox.md). A
 * tag of the bytes needs no version kept in step with every writer.
 */
export function registerConditionalGet(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const tag = entityTag(payload)
    reply.header('etag', tag)
    if (!matches(request.headers['if-none-match'], tag)) return payload
    reply.code(304).removeHeader('content-type').removeHeader('content-length')
    return ''
  })
}
