import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { EVENTS_PATH } from '../../common/analytics.ts'
import { BOOKING_WEBHOOK_PATHS } from '../../common/booking-api.ts'
import { BULK_ERASE_PATH, BULK_NOT_SPAM_PATH, BULK_STATUS_PATH, LEAD_COUNT_PATH } from '../../common/lead-list-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { SignedIn } from '../testing/admin-session.ts'
import { calcomDelivery } from '../testing/booking-senders.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

const CALCOM_SECRET = 'calcom-webhook-secret-for-route-schemas'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let temp: TempDatabase
let app: FastifyInstance
let session: SignedIn
let lead = 0
const { call } = useSignedInInbox(
  async (inbox) => {
    ;({ temp, app, session } = inbox)
    lead = await insertLead(temp.db)
  },
  { CALCOM_WEBHOOK_SECRET: CALCOM_SECRET, EVENTS_RATE_LIMIT: '0' },
)

/** The one /api error shape (http/api-error.ts), and the field a refusal names when it names one. */
function expectApiError(response: LightMyRequestResponse, status: number, field?: string) {
  expect(response.statusCode, response.body).toBe(status)
  const body = response.json<Record<string, unknown>>()
  expect(Object.keys(body).filter((key) => !['statusCode', 'error', 'message', 'details'].includes(key))).toEqual([])
  expect(body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.stringMatching(/\S/) })
  if (field !== undefined) {
    expect(body.details).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(/\S/) }]))
    expect(body.message).toContain(field === '' ? '' : `${field}: `)
  }
}

type Method = NonNullable<InjectOptions['method']>

// Each family of /api/admin routes, a request that breaks its route schema, and the field the refusal names.
const REFUSED: [family: string, method: Method, path: () => string, body: object | undefined, field: string][] = [
  ['accounts: TOTP', 'POST', () => '/totp/enable', { code: 12 }, 'code'],
  ['accounts: password', 'POST', () => '/account/password', { currentPassword: 'x' }, 'newPassword'],
  ['accounts: teammates', 'POST', () => '/teammates', { email: 7 }, 'email'],
  ['leads: list', 'GET', () => '/leads?status=closed', undefined, 'status'],
  ['leads: count', 'GET', () => `${LEAD_COUNT_PATH}?sort=budget`, undefined, 'sort'],
  ['leads: export', 'GET', () => '/leads/export?format=xml', undefined, 'format'],
  ['leads: export filters', 'GET', () => '/leads/export?format=csv&from=yesterday', undefined, 'from'],
  ['leads: neighbours', 'GET', () => `/leads/${lead}/neighbours?view=archive`, undefined, 'view'],
  ['leads: status', 'PATCH', () => `/leads/${lead}`, { status: 'closed' }, 'status'],
  ['notes', 'POST', () => `/leads/${lead}/notes`, { body: '   ' }, 'body'],
  ['bulk: status', 'POST', () => BULK_STATUS_PATH, { ids: [], status: 'won' }, 'ids'],
  ['bulk: erase', 'POST', () => BULK_ERASE_PATH, { ids: 'all' }, 'ids'],
  ['bulk: not spam', 'POST', () => BULK_NOT_SPAM_PATH, { ids: [lead], extra: true }, ''],
  ['erasure by email', 'POST', () => '/erasure', { email: '' }, 'email'],
  ['funnel', 'GET', () => '/funnel?from=2026-13-01', undefined, 'from'],
  ['funnel: CSV', 'GET', () => '/funnel.csv?from=2026-11-02&to=2026-11-01', undefined, ''],
  ['bookings: unmatched', 'POST', () => '/bookings/1/link', { leadId: 'one' }, 'leadId'],
]

describe(`route schemas on ${DATABASE_TARGET}`, () => {
  it.each(REFUSED)(
    'refuse a bad request to %s with 400 and the one /api error shape',
    async (_family, method, path, body, field) => {
      expectApiError(await call(method, path(), body), 400, field)
    },
  )

  it('refuse a bad sign-in and set-up link body, open to anyone, with 400 and the one shape', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/session`,
      payload: { email: 'a@example.com' },
    })
    expectApiError(signIn, 400, 'password')
    const setupLink = await app.inject({ method: 'POST', url: `${ADMIN_API_PATH}/setup-link`, payload: { token: 42 } })
    expectApiError(setupLink, 400, 'token')
  })

  it('answer a malformed id as an unknown one, 404 in the one shape, before reading the body', async () => {
    expectApiError(await call('GET', '/leads/abc'), 404)
    expect((await call('PATCH', '/leads/0', { status: 'nope' })).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'no such lead',
    })
    expect((await call('POST', '/deliveries/1e3/resend')).json()).toMatchObject({
      statusCode: 404,
      message: 'no such delivery',
    })
    expect((await call('POST', '/bookings/-1/link', { leadId: 'x' })).json()).toMatchObject({
      statusCode: 404,
      message: 'no such booking',
    })
    expect((await call('DELETE', '/teammates/x')).json()).toMatchObject({
      statusCode: 404,
      message: 'There is no such teammate.',
    })
  })

  it('refuse a backups request whose body is not JSON with 400 and the one shape (its routes read no body or query)', async () => {
    const notJson = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/backups`,
      headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken, 'content-type': 'application/json' },
      payload: '{',
    })
    expectApiError(notJson, 400)
  })

  it('refuse a funnel event batch that breaks its schema with 400 and the one shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: EVENTS_PATH,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
      payload: JSON.stringify({ path: '/', events: [{ type: 'purchase' }] }),
    })
    expectApiError(response, 400, 'events.0.type')
  })

  it('refuse a signed booking delivery that is not the documented shape with 400 and the one shape', async () => {
    const { body, headers } = calcomDelivery('BOOKING_CREATED', { startTime: 'tomorrow' }, { secret: CALCOM_SECRET })
    const response = await app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS.calcom, headers, payload: body })
    expectApiError(response, 400, 'startTime')
  })

  it('leave no /api/admin route that reads a body, a query or an id without its route schema', async () => {
    // The routes that read none of them, and those that read only their id: every other one declares its body or query.
    const READS_NOTHING = new Set([
      'GET /setup',
      'GET /session',
      'DELETE /session',
      'POST /totp/setup',
      'GET /teammates',
      'GET /leads/new-count',
      'GET /leads/sources',
      'GET /leads/board',
      'GET /outcome-settings',
      'GET /bookings/unmatched',
      'GET /bookings/awaiting',
      'GET /backups',
      'POST /backups',
      'GET /conversions/platforms',
    ])
    const READS_ONLY_ITS_ID = new Set([
      'GET /leads/:id',
      'POST /leads/:id/opened',
      'POST /leads/:id/not-spam',
      'DELETE /leads/:id',
      'POST /deliveries/:id/resend',
      'DELETE /teammates/:id',
      'GET /backups/:name',
      'DELETE /spend/:id',
      'GET /leads/:id/conversions',
      'POST /conversions/:id/resend',
      'POST /conversions/platforms/:platform/test',
    ])
    const seen: string[] = []
    const unschemed: string[] = []
    const fresh = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db })
    fresh.addHook('onRoute', ({ method, url, schema }) => {
      if (!url.startsWith(`${ADMIN_API_PATH}/`) || url.endsWith('/*')) return
      for (const verb of [method].flat()) {
        if (verb === 'HEAD' || verb === 'OPTIONS') continue
        const route = `${verb} ${url.slice(ADMIN_API_PATH.length)}`
        seen.push(route)
        const lacksParams = url.includes(':') && schema?.params === undefined
        const readsMore = !READS_NOTHING.has(route) && !READS_ONLY_ITS_ID.has(route)
        const lacksRest = readsMore && (verb === 'GET' ? schema?.querystring : schema?.body) === undefined
        if (lacksParams || lacksRest) unschemed.push(route)
      }
    })
    await fresh.ready()
    await fresh.close()
    // The hook saw the inbox's routes: the check below is not of an empty list.
    expect(seen).toEqual(expect.arrayContaining(['POST /erasure', 'PATCH /leads/:id', 'GET /funnel', ...READS_NOTHING]))
    expect(unschemed).toEqual([])
  })
})
