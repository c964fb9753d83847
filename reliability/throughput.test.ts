import { describe, expect, it } from 'vitest'
import { connectionPool } from './support/http-client.ts'
import { countBy, percentile, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { makeApplication, missingFrom, readAllRows, submit, type Application } from './support/submissions.ts'
import { serverForSuite } from './support/suite-server.ts'
import { storageTargets } from './support/targets.ts'

const TOTAL = 5_000
const CONNECTIONS = 64

describe.each(storageTargets())('5,000 submissions at 64 connections on %s', (_name, openTarget) => {
  const suite = serverForSuite(openTarget)

  it('stores exactly 5,000 rows, each equal to what was sent', async () => {
    const agent = connectionPool(CONNECTIONS)
    const sent: Application[] = Array.from({ length: TOTAL }, (_, n) => makeApplication(n))
    const { results, elapsedMs } = await runLoad({
      total: TOTAL,
      concurrency: CONNECTIONS,
      maxMs: 150_000,
      job: async (n) => {
        const started = performance.now()
        const reply = await submit(suite.server.url, sent[n]!, agent)
        return { status: reply.status, ms: performance.now() - started }
      },
    })
    agent.destroy()

    const statuses = countBy(results, (result) => (result.error ? 'network error' : String(result.value?.status)))
    const latencies = results.flatMap((result) => (result.value ? [result.value.ms] : []))
    const rows = await readAllRows(suite.server.url)

    report(`throughput on ${suite.target.name}`, {
      requests: results.length,
      statuses: JSON.stringify(statuses),
      'submissions/s': Math.round((results.length / elapsedMs) * 1000),
      'p50 ms': percentile(latencies, 50).toFixed(1),
      'p99 ms': percentile(latencies, 99).toFixed(1),
      'rows stored': rows.length,
    })

    expect(results).toHaveLength(TOTAL)
    expect(statuses).toEqual({ 201: TOTAL })
    expect(rows).toHaveLength(TOTAL)
    expect(missingFrom(rows, sent)).toHaveLength(0)
  })
})
