import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../common/admin-api.ts'
import { EVENTS_PATH } from '../common/analytics.ts'
import type { LeadPage } from '../common/lead-list-api.ts'
import { addAdminAccount, signInOver } from './support/admin-account.ts'
import { hostileAdminRequest } from './support/hostile-admin-requests.ts'
import { BATCH_HEADERS } from './support/hostile-batches.ts'
import { connectionPool, send } from './support/http-client.ts'
import { countBy, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { makeApplication, submit } from './support/submissions.ts'
import { serverForSuite } from './support/suite-server.ts'
import { pgliteTarget } from './support/targets.ts'

const TOTAL = 640
const OWNER = 'owner@example.com'
const PASSWORD = 'reliability inbox password'

describe('hostile requests to the lead inbox and the events endpoints', () => {
  const suite = serverForSuite(async () => {
    const target = await pgliteTarget()
    // The embedded database admits one process: the account is made before the server opens it.
    await addAdminAccount(target.env, OWNER, PASSWORD)
    // Every batch is parsed, not refused by the limit first.
    return { ...target, env: { ...target.env, EVENTS_RATE_LIMIT: '0' } }
  })

  it('answers every one without a 5xx, and the inbox and the events still work afterwards', async () => {
    const agent = connectionPool(8)
    expect((await submit(suite.server.url, makeApplication(1, 'hostile-admin'), agent)).status).toBe(201)
    const session = await signInOver(suite.server.url, OWNER, PASSWORD)
    const signedIn = (method: string) => ({
      cookie: session.cookie,
      ...(method === 'GET' ? {} : { [CSRF_HEADER]: session.csrfToken }),
    })
    const listLeads = () =>
      send(suite.server.url, { method: 'GET', path: `${ADMIN_API_PATH}/leads`, headers: signedIn('GET'), agent })
    const [lead] = (JSON.parse((await listLeads()).body) as LeadPage).leads
    expect(lead).toBeDefined()
    const leadId = lead?.id ?? 0

    const { results } = await runLoad({
      total: TOTAL,
      concurrency: 8,
      maxMs: 150_000,
      job: async (n) => {
        const request = hostileAdminRequest(n, leadId)
        const headers = request.signedIn ? { ...signedIn(request.method), ...request.headers } : request.headers
        const reply = await send(suite.server.url, {
          method: request.method,
          path: request.path,
          headers,
          body: request.body,
          agent,
        })
        return { kind: request.kind, status: reply.status }
      },
    })
    const kindOf = (result: (typeof results)[number]) =>
      result.value?.kind ?? hostileAdminRequest(result.index, leadId).kind
    const answeredBadly = results.filter((result) => !result.value || result.value.status >= 500)
    // A server stuck on one request answers none: each check afterwards gives up rather than wait with it.
    const noAnswer = { status: 0, body: '' }
    const health = await fetch(`${suite.server.url}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(
      () => noAnswer,
    )
    const inbox = await listLeads().catch(() => noAnswer)
    const batch = await send(suite.server.url, {
      path: EVENTS_PATH,
      headers: BATCH_HEADERS,
      body: JSON.stringify({ path: '/', events: [{ type: 'page_view' }] }),
      agent,
    }).catch(() => noAnswer)
    agent.destroy()

    report('hostile inbox and events requests on PGlite', {
      requests: results.length,
      ...countBy(results, (result) => `${kindOf(result)} → ${result.value?.status ?? 'network error'}`),
      'answered 5xx or not at all': answeredBadly.length,
      'health afterwards': health.status,
      'the lead list afterwards': inbox.status,
      'a good batch afterwards': batch.status,
    })

    expect(results).toHaveLength(TOTAL)
    expect(new Set(results.map(kindOf)).size).toBeGreaterThanOrEqual(15)
    expect(
      answeredBadly.map((result) => [result.index, kindOf(result), result.value?.status ?? String(result.error)]),
    ).toEqual([])
    expect(health.status).toBe(200)
    expect(inbox.status).toBe(200)
    expect((JSON.parse(inbox.body) as LeadPage).leads.map((summary) => summary.id)).toEqual([leadId])
    expect(batch.status).toBe(204)
  })
})
