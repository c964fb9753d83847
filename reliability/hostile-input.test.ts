import { describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { hostileRequest } from './support/hostile-requests.ts'
import { connectionPool, send } from './support/http-client.ts'
import { runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { makeApplication, readAllRows, submit } from './support/submissions.ts'
import { serverForSuite } from './support/suite-server.ts'
import { pgliteTarget } from './support/targets.ts'

const TOTAL = 2_400

describe('malformed and hostile requests', () => {
  const suite = serverForSuite(pgliteTarget)

  it('answers each with a 4xx, stays healthy and stores nothing from them', async () => {
    // From an address of its own, as an attack comes: its requests refused for want of
    // the service-role key throttle key attempts from there, not the operator's reads.
    const agent = connectionPool(16, { localAddress: '127.0.0.2' })
    const { results } = await runLoad({
      total: TOTAL,
      concurrency: 16,
      maxMs: 150_000,
      job: async (n) => {
        const request = hostileRequest(n)
        const reply = await send(suite.server.url, {
          path: CONTACT_SUBMISSIONS_PATH,
          headers: request.headers,
          body: request.body,
          agent,
        })
        return { kind: request.kind, status: reply.status }
      },
    })

    const byKind = new Map<string, Map<number | string, number>>()
    for (const result of results) {
      const kind = result.value?.kind ?? hostileRequest(result.index).kind
      const status = result.value?.status ?? 'network error'
      const counts = byKind.get(kind) ?? new Map()
      counts.set(status, (counts.get(status) ?? 0) + 1)
      byKind.set(kind, counts)
    }
    const refusedBadly = results.filter(
      (result) => !result.value || result.value.status < 400 || result.value.status >= 500,
    )
    const rowsAfterAttack = await readAllRows(suite.server.url)
    const health = await fetch(`${suite.server.url}/healthz`)
    const stillWorks = await submit(suite.server.url, makeApplication(1, 'after-attack'), agent)
    agent.destroy()

    report('hostile input on PGlite', {
      requests: results.length,
      ...Object.fromEntries([...byKind].map(([kind, counts]) => [kind, JSON.stringify(Object.fromEntries(counts))])),
      'answered other than 4xx': refusedBadly.length,
      'rows stored from them': rowsAfterAttack.length,
      'health afterwards': health.status,
      'a real application afterwards': stillWorks.status,
    })

    expect(results).toHaveLength(TOTAL)
    expect(byKind.size).toBeGreaterThanOrEqual(15)
    expect(refusedBadly.map((result) => [hostileRequest(result.index).kind, result.value?.status])).toEqual([])
    expect(rowsAfterAttack).toHaveLength(0)
    expect(health.status).toBe(200)
    expect(stillWorks.status).toBe(201)
  })
})
