import { describe, expect, it } from 'vitest'
import { connectionPool } from './support/http-client.ts'
import { countBy, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { makeApplication, missingFrom, readAllRows, submit, type Application } from './support/submissions.ts'
import { serverForSuite } from './support/suite-server.ts'
import { postgresTarget } from './support/targets.ts'

const CONNECTIONS = 16
// An upper bound only: the run stops 4 s after the database is back, however fast this machine is.
const TOTAL = 100_000
const OUTAGE_MS = 5_000

describe('PostgreSQL stopped for 5 s during load', () => {
  const suite = serverForSuite(postgresTarget)

  it('answers only 201 or 503, keeps running, recovers by itself and loses no acknowledged application', async () => {
    const agent = connectionPool(CONNECTIONS)
    const sent: Application[] = []
    const statusesAt: { at: number; status: number | string }[] = []
    const started = performance.now()
    let outage = { from: 0, to: 0 }
    let recoveredAt = 0

    const chaos = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      outage.from = performance.now() - started
      await suite.target.postgres.stop()
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS))
      await suite.target.postgres.start()
      outage = { ...outage, to: performance.now() - started }
    })()

    const { results } = await runLoad({
      total: TOTAL,
      concurrency: CONNECTIONS,
      maxMs: 60_000,
      // Run until well after the database is back, then stop.
      stop: () => outage.to > 0 && performance.now() - started > outage.to + 4_000,
      job: async (n) => {
        const reply = await submit(suite.server.url, (sent[n] = makeApplication(n)), agent)
        const at = performance.now() - started
        statusesAt.push({ at, status: reply.status })
        if (reply.status === 201 && outage.to > 0 && at > outage.to && !recoveredAt) recoveredAt = at
        return reply
      },
    })
    await chaos
    agent.destroy()

    const counts = countBy(results, (result) => result.value?.status ?? 'network error')
    const unavailable = results.filter((result) => result.value?.status === 503)
    const withoutRetryAfter = unavailable.filter((result) => !result.value?.headers['retry-after'])
    const acknowledged = results.filter((result) => result.value?.status === 201).map((result) => sent[result.index]!)
    const during = statusesAt.filter(({ at }) => at > outage.from + 500 && at < outage.to - 500)
    const rows = await readAllRows(suite.server.url)
    const lost = missingFrom(rows, acknowledged)
    const ready = await fetch(`${suite.server.url}/readyz`)

    report('PostgreSQL outage of 5 s during load', {
      requests: results.length,
      answers: JSON.stringify(counts),
      'outage (ms into the run)': `${outage.from.toFixed(0)}–${outage.to.toFixed(0)}`,
      'answers while it was down': JSON.stringify(countBy(during, ({ status }) => status)),
      'first 201 after restart (ms after it was back)': (recoveredAt - outage.to).toFixed(0),
      acknowledged: acknowledged.length,
      'acknowledged but missing': lost.length,
      'server still running': suite.server.child.exitCode === null ? 'yes' : 'no',
      '/readyz afterwards': ready.status,
    })

    expect(Object.keys(counts).every((status) => status === '201' || status === '503')).toBe(true)
    expect(unavailable.length).toBeGreaterThan(0)
    expect(withoutRetryAfter).toHaveLength(0)
    expect(during.length).toBeGreaterThan(0)
    expect(recoveredAt).toBeGreaterThan(0)
    expect(suite.server.child.exitCode).toBeNull()
    expect(lost).toHaveLength(0)
    expect(ready.status).toBe(200)
  })
})
