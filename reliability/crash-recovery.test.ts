import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionPool } from './support/http-client.ts'
import { runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, missingFrom, readAllRows, submit, type Application } from './support/submissions.ts'
import { storageTargets } from './support/targets.ts'

const KILLS = 5
const CONNECTIONS = 16
const PER_ROUND = 3_000

describe.each(storageTargets())('kill -9 of the server during load on %s', (_name, openTarget) => {
  let target: Awaited<ReturnType<typeof openTarget>>
  let server: ServerProcess | undefined

  beforeAll(async () => {
    target = await openTarget()
  })
  afterAll(async () => {
    if (server) await stopServer(server)
    await target?.dispose()
  })

  it('keeps every acknowledged application, stores none twice, and takes the rest on resend', async () => {
    const acknowledged: Application[] = []
    const unanswered: Application[] = []
    let attempted = 0

    for (let round = 0; round < KILLS; round++) {
      server = await startServer(target.env)
      const live = server
      const agent = connectionPool(CONNECTIONS)
      const batch = Array.from({ length: PER_ROUND }, (_, n) => makeApplication(round * PER_ROUND + n))
      // Kill once a random share (10–60 %) of the round's requests has been sent,
      // so requests are in flight at the kill however fast this machine is.
      const killAt = Math.floor(PER_ROUND * (0.1 + Math.random() * 0.5))
      let dead = false
      void live.exited.then(() => (dead = true))

      const { results } = await runLoad({
        total: PER_ROUND,
        concurrency: CONNECTIONS,
        maxMs: 20_000,
        stop: () => dead,
        job: (n) => {
          if (n === killAt) live.child.kill('SIGKILL')
          return submit(live.url, batch[n]!, agent)
        },
      })
      // The load may hit its time bound before killAt on a very slow machine; kill anyway, so this never waits on a live server.
      if (!dead) live.child.kill('SIGKILL')
      const exit = await live.exited
      agent.destroy()
      expect(exit.signal).toBe('SIGKILL')

      attempted += results.length
      for (const result of results) {
        const application = batch[result.index]!
        if (result.value?.status === 201) acknowledged.push(application)
        else unanswered.push(application)
      }
    }

    server = await startServer(target.env)
    const rowsAfterCrashes = await readAllRows(server.url)
    const lost = missingFrom(rowsAfterCrashes, acknowledged)

    // A visitor's page resends what got no answer; 409 means it was stored already.
    const agent = connectionPool(CONNECTIONS)
    const { results: resent } = await runLoad({
      total: unanswered.length,
      concurrency: CONNECTIONS,
      maxMs: 60_000,
      job: (n) => submit(server!.url, unanswered[n]!, agent),
    })
    agent.destroy()
    const resendStatuses = new Set(resent.map((result) => result.value?.status ?? 'network error'))
    const finalRows = await readAllRows(server.url)
    const distinctEmails = new Set(finalRows.map((row) => row.email))

    report(`kill -9 ×${KILLS} on ${target.name}`, {
      'requests sent': attempted,
      acknowledged: acknowledged.length,
      'unanswered (killed in flight)': unanswered.length,
      'rows after the crashes': rowsAfterCrashes.length,
      'acknowledged but missing': lost.length,
      'resend answers': [...resendStatuses].join(', '),
      'rows after resending': finalRows.length,
    })

    expect(acknowledged.length).toBeGreaterThan(0)
    expect(unanswered.length).toBeGreaterThan(0)
    expect(lost).toHaveLength(0)
    expect([...resendStatuses].every((status) => status === 201 || status === 409)).toBe(true)
    expect(finalRows).toHaveLength(acknowledged.length + unanswered.length)
    expect(distinctEmails.size).toBe(finalRows.length)
  })
})
