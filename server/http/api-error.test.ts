import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { EVENTS_PATH, MAX_BATCH_BYTES } from '../../common/analytics.ts'
import { type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let app: FastifyInstance
let session: SignedIn
useSignedInInbox((signedIn) => {
  ;({ app, session } = signedIn)
})

// Strict: a key that is not one of these fails the parse.
const apiErrorShape = z.strictObject({
  statusCode: z.number().int(),
  error: z.string().min(1),
  message: z.string().min(1),
  details: z
    .array(z.strictObject({ field: z.string(), message: z.string().min(1) }))
    .min(1)
    .optional(),
})

const inbox = (method: InjectOptions['method'], path: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({
    method,
    url: `${ADMIN_API_PATH}${path}`,
    ...extra,
    headers: {
      cookie: session.cookie,
      ...(method === 'GET' ? {} : { [CSRF_HEADER]: session.csrfToken }),
      ...extra.headers,
    },
  })

const events = (payload: string, contentType = 'text/plain;charset=UTF-8') =>
  app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    headers: { 'content-type': contentType, 'user-agent': CHROME },
    payload,
  })

const json = { 'content-type': 'application/json' }

describe(`every error under /api on ${DATABASE_TARGET}`, () => {
  const cases: [string, () => Promise<LightMyRequestResponse>, number, boolean][] = [
    ['the inbox, signed out', () => app.inject(`${ADMIN_API_PATH}/leads`), 401, false],
    ['the inbox, a bad id', () => inbox('GET', '/leads/not-an-id'), 404, false],
    ['the inbox, an unknown lead', () => inbox('GET', '/leads/999999999'), 404, false],
    ['the inbox, a bad filter', () => inbox('GET', '/leads?status=maybe&from=yesterday'), 400, true],
    ['the inbox, a malformed cursor', () => inbox('GET', '/leads?cursor=bm90LWEtY3Vyc29y'), 400, true],
    ['the inbox, a bad funnel range', () => inbox('GET', '/funnel?from=2026-05-02&to=2026-05-01'), 400, true],
    ['the inbox, a bad status change', () => inbox('PATCH', '/leads/1', { payload: { status: 'maybe' } }), 400, true],
    ['the inbox, bad JSON', () => inbox('PATCH', '/leads/1', { headers: json, payload: '{"status": ' }), 400, false],
    [
      'the inbox, a form body',
      () => inbox('POST', '/erasure', { headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      415,
      false,
    ],
    [
      'the inbox, a body too large',
      () => inbox('POST', '/erasure', { headers: json, payload: `"${'x'.repeat(64 * 1024)}"` }),
      413,
      false,
    ],
    ['the inbox, an unknown route', () => inbox('GET', '/no/such/route'), 404, false],
    ['the events, a bad batch', () => events(JSON.stringify({ path: '/', events: [{ type: 'nonsense' }] })), 400, true],
    ['the events, not JSON', () => events('{"path": "/", "events": ['), 400, false],
    ['the events, a body too large', () => events(`"${'x'.repeat(MAX_BATCH_BYTES)}"`), 413, false],
    ['the events, another media type', () => events('path=/', 'application/x-www-form-urlencoded'), 415, false],
  ]

  it.each(cases)('has one JSON shape: %s', async (_name, send, status, withDetails) => {
    const response = await send()
    expect(response.statusCode, response.body).toBe(status)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const body = apiErrorShape.parse(response.json())
    expect(body.statusCode).toBe(status)
    expect(body.details !== undefined, JSON.stringify(body)).toBe(withDetails)
  })

  it('names each field that was wrong, as the message does', async () => {
    const body = apiErrorShape.parse((await inbox('GET', '/leads?status=maybe&from=yesterday')).json())
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(body.details?.map((detail) => detail.field).sort()).toEqual(['from', 'status'])
    for (const detail of body.details ?? []) expect(body.message).toContain(`${detail.field}: ${detail.message}`)
  })

  it('says which limit a body passed, on either API', async () => {
    const tooLarge = await events(`"${'x'.repeat(MAX_BATCH_BYTES)}"`)
    expect(tooLarge.json()).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      message: `The body is over ${MAX_BATCH_BYTES} bytes.`,
    })
  })
})
