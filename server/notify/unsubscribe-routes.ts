import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { Database } from '../db/database.ts'
import { answerApiError } from '../http/api-error.ts'
import { escapeHtml } from './email.ts'
import { followUpCopy } from './follow-up-copy.ts'
import { optOut } from './follow-up-sweep.ts'
import { UNSUBSCRIBE_PATH, type UnsubscribeSigner } from './unsubscribe-link.ts'

const copy = followUpCopy.unsubscribe
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/

interface LinkQuery {
  application?: string
  signature?: string
}

const page = (message: string, form = '') => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(copy.title)}</title></head>
<body><main><h1>${escapeHtml(copy.title)}</h1><p>${escapeHtml(message)}</p>${form}</main></body>
</html>
`

const answer = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)

export interface UnsubscribeRoutesOptions {
  db: Database
  signer: UnsubscribeSigner
}

/**
 * The follow-up email's unsubscribe link (RFC 8058). A mail client's one-click
 * POST stops follow-ups at once; a person who opens the link is asked first,
 * since mail scanners open links and must not unsubscribe anyone. The signed
 * link is the only credential, so there is no session and no CSRF token: a
 * forged request cannot carry a signature it does not have.
 */
export const unsubscribeRoutes: FastifyPluginAsync<UnsubscribeRoutesOptions> = async (app, { db, signer }) => {
  app.setErrorHandler(answerApiError)
  // RFC 8058's body is List-Unsubscribe=One-Click, form-encoded or multipart; it says nothing the link does not.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body))

  const verified = async ({ application = '', signature = '' }: LinkQuery) =>
    UUID.test(application) && SIGNATURE.test(signature) && (await signer.verify(application, signature))
      ? application
      : undefined

  app.get<{ Querystring: LinkQuery }>(UNSUBSCRIBE_PATH, async (request, reply) => {
    if ((await verified(request.query)) === undefined) return answer(reply, 400, page(copy.invalid))
    return answer(
      reply,
      200,
      page(copy.ask, `<form method="post"><button type="submit">${escapeHtml(copy.button)}</button></form>`),
    )
  })

  app.post<{ Querystring: LinkQuery }>(UNSUBSCRIBE_PATH, async (request, reply) => {
    const application = await verified(request.query)
    if (application === undefined) return answer(reply, 400, page(copy.invalid))
    const result = await optOut(db, application)
    request.log.info({ result }, 'follow-up unsubscribe')
    return answer(reply, 200, page(result === 'already' ? copy.already : copy.done))
  })
}
