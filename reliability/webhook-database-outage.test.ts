import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionPool } from './support/http-client.ts'
import { startLeadReceiver, waitFor, webhookEnv, type LeadReceiver } from './support/lead-webhooks.ts'
import { countBy, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, readAllRows, submit, type Application } from './support/submissions.ts'
import { postgresTarget } from './support/targets.ts'

const CONNECTIONS = 4
// Upper bounds: the run stops 3 s after the database is back.
const TOTAL = 20_000
const OUTAGE_MS = 5_000
// The worker backs off to at most 30 s between looks while the database is away.
const ANNOUNCED_WITHIN_MS = 45_000

describe('PostgreSQL stopped for 5 s while leads are announced', () => {
  let target: Awaited<ReturnType<typeof postgresTarget>>
  let receiver: LeadReceiver
  let server: ServerProcess | undefined

  beforeAll(async () => {
    target = await postgresTarget()
    receiver = await startLeadReceiver()
    server = await startServer({ ...target.env, ...webhookEnv([receiver.url]) })
  })
  afterAll(async () => {
    if (server) await stopServer(server)
    await receiver?.close()
    await target?.dispose()
  })

  it('keeps the notifier running, and announces every acknowledged lead once the database is back', async () => {
    const live = server!
    const agent = connectionPool(CONNECTIONS)
    const sent: Application[] = []
    let back = 0
    const chaos = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await target.postgres.stop()
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS))
      await target.postgres.start()
      back = performance.now()
    })()
    const { results } = await runLoad({
      total: TOTAL,
      concurrency: CONNECTIONS,
      maxMs: 60_000,
      stop: () => back > 0 && performance.now() - back > 3_000,
      job: (n) => submit(live.url, (sent[n] = makeApplication(n, 'db-outage')), agent),
    })
    await chaos
    agent.destroy()

    const acknowledged = results.filter((result) => result.value?.status === 201).map((result) => sent[result.index]!)
    const announced = () => {
      const accepted = receiver.acceptedBySubmission()
      return acknowledged.every((application) => accepted.has(application.submission_id))
    }
    const allAnnounced = await waitFor(announced, ANNOUNCED_WITHIN_MS)
    const rows = await readAllRows(live.url)
    const accepted = receiver.acceptedBySubmission()
    const storedMissing = rows.filter((row) => !accepted.has(row.submission_id))

    report('PostgreSQL stopped for 5 s while leads are announced to a webhook', {
      requests: results.length,
      answers: JSON.stringify(countBy(results, (result) => result.value?.status ?? 'network error')),
      'leads acknowledged': acknowledged.length,
      'rows stored': rows.length,
      'stored leads not announced': storedMissing.length,
      'from the database back to every lead announced': `${((performance.now() - back) / 1000).toFixed(1)} s`,
      'server still running': live.child.exitCode === null ? 'yes' : 'no',
    })

    expect(acknowledged.length).toBeGreaterThan(0)
    expect(results.some((result) => result.value?.status === 503)).toBe(true)
    expect(allAnnounced).toBe(true)
    expect(storedMissing).toHaveLength(0)
    expect(live.child.exitCode).toBeNull()
    expect(receiver.forged()).toBe(0)
  })
})
