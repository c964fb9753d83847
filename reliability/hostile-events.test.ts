import { describe, expect, it } from 'vitest'
import { EVENTS_PATH } from '../common/analytics.ts'
import { openPglite } from '../server/db/pglite.ts'
import { BATCH_HEADERS, hostileBatch } from './support/hostile-batches.ts'
import { connectionPool, send } from './support/http-client.ts'
import { countBy, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { stopServer } from './support/server-process.ts'
import { serverForSuite } from './support/suite-server.ts'
import { pgliteTarget } from './support/targets.ts'

const TOTAL = 1_500

describe('malformed funnel event batches', () => {
  const suite = serverForSuite(async () => {
    const target = await pgliteTarget()
    const env: Record<string, string> = { ...target.env, EVENTS_RATE_LIMIT: '0' }
    return { ...target, env }
  })

  it('refuses each with a 4xx, stores none of them, and still counts a good batch afterwards', async () => {
    const agent = connectionPool(16)
    const { results } = await runLoad({
      total: TOTAL,
      concurrency: 16,
      maxMs: 120_000,
      job: async (n) => {
        const batch = hostileBatch(n)
        const reply = await send(suite.server.url, {
          path: EVENTS_PATH,
          headers: batch.headers,
          body: batch.body,
          agent,
        })
        return { kind: batch.kind, status: reply.status }
      },
    })
    const answeredBadly = results.filter(
      (result) => !result.value || result.value.status < 400 || result.value.status >= 500,
    )
    const health = await fetch(`${suite.server.url}/healthz`)
    const good = await send(suite.server.url, {
      path: EVENTS_PATH,
      headers: BATCH_HEADERS,
      body: JSON.stringify({ path: '/', events: [{ type: 'page_view' }, { type: 'step_viewed', step: 1 }] }),
      agent,
    })
    agent.destroy()

    // The embedded database belongs to the server while it runs: count once it has stopped.
    const exit = await stopServer(suite.server)
    const db = await openPglite(suite.target.env.DATA_DIR ?? '')
    const [stored] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM page_events')
    await db.close()

    report('malformed event batches on PGlite', {
      batches: results.length,
      ...countBy(
        results,
        (result) =>
          `${result.value?.kind ?? hostileBatch(result.index).kind} → ${result.value?.status ?? 'network error'}`,
      ),
      'answered other than 4xx': answeredBadly.length,
      'health afterwards': health.status,
      'a good batch afterwards': good.status,
      'events stored (the good batch’s 2 only)': stored?.count ?? -1,
    })

    expect(results).toHaveLength(TOTAL)
    expect(new Set(results.map((result) => result.value?.kind)).size).toBeGreaterThanOrEqual(15)
    expect(answeredBadly.map((result) => [hostileBatch(result.index).kind, result.value?.status])).toEqual([])
    expect(health.status).toBe(200)
    expect(good.status).toBe(204)
    expect(stored?.count).toBe(2)
    expect(exit.code).toBe(0)
  })
})
