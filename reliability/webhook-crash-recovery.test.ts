import { describe, it } from 'vitest'
import { LEASE_SECONDS } from '../server/notify/notifier-options.ts'
import { connectionPool } from './support/http-client.ts'
import { startLeadReceiver, waitFor, webhookEnv } from './support/lead-webhooks.ts'
import { runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, readAllRows, submit, type Application } from './support/submissions.ts'
import { storageTargets } from './support/targets.ts'

const KILLS = 3
const LEADS = 500
const CONNECTIONS = 16
// A delivery in flight at a kill is claimed for LEASE_SECONDS on PostgreSQL (the
// embedded database's restart takes its claims back at once), then sent again; a
// refused first attempt is retried after 5 s ± 20 %.
const CLAIM_MS = LEASE_SECONDS * 1000
const DELIVERY_WAIT_MS = CLAIM_MS + 30_000

// The two databases run at once: most of each case is the wait for a claim to
// lapse, so together they take little longer than one.
describe('kill -9 of the server during a burst of leads with webhooks', () => {
  it.concurrent.for(storageTargets())(
    'announces every acknowledged lead at least once after three crashes, on %s',
    async ([, openTarget], { expect }) => {
      const target = await openTarget()
      // Every other webhook-id is refused the first time it comes, as a receiver mid-deploy would.
      let firsts = 0
      const receiver = await startLeadReceiver((first) => (first && firsts++ % 2 === 0 ? 500 : 204))
      let server: ServerProcess | undefined
      try {
        const env = { ...target.env, ...webhookEnv([receiver.url]) }
        const acknowledged: Application[] = []
        const unacknowledged: Application[] = []
        const leads = Array.from({ length: LEADS }, (_, n) => makeApplication(n))
        const perRound = Math.ceil(LEADS / KILLS)
        let sent = 0
        const receivedAtKills: number[] = []

        for (let round = 0; round < KILLS; round++) {
          server = await startServer(env)
          const live = server
          const agent = connectionPool(CONNECTIONS)
          const batch = leads.slice(round * perRound, (round + 1) * perRound)
          // Past a random share of the round, so both requests and deliveries are in flight at the kill.
          const killAt = Math.floor(batch.length * (0.3 + Math.random() * 0.6))
          let dead = false
          void live.exited.then(() => (dead = true))
          const receivedBefore = receiver.requestCount()
          const { results } = await runLoad({
            total: batch.length,
            concurrency: CONNECTIONS,
            maxMs: 20_000,
            stop: () => dead,
            job: async (n) => {
              if (n === killAt) {
                // Not before this server has begun sending, however fast the burst went.
                await waitFor(() => receiver.requestCount() > receivedBefore, 5_000)
                live.child.kill('SIGKILL')
              }
              return submit(live.url, batch[n]!, agent)
            },
          })
          if (!dead) live.child.kill('SIGKILL')
          const exit = await live.exited
          agent.destroy()
          expect(exit.signal).toBe('SIGKILL')
          receivedAtKills.push(receiver.requestCount())
          sent += results.length
          for (const result of results) if (result.value?.status === 201) acknowledged.push(batch[result.index]!)
          unacknowledged.push(
            ...batch.filter((_, n) => !results.some((result) => result.index === n && result.value?.status === 201)),
          )
        }

        server = await startServer(env)
        const restartedAt = performance.now()
        // The rest of the burst, and what a visitor's page resends after getting no answer; 409: stored already.
        const agent = connectionPool(CONNECTIONS)
        const { results: resent } = await runLoad({
          total: unacknowledged.length,
          concurrency: CONNECTIONS,
          maxMs: 30_000,
          job: (n) => submit(server!.url, unacknowledged[n]!, agent),
        })
        agent.destroy()
        for (const result of resent) {
          const status = result.value?.status
          if (status === 201 || status === 409) acknowledged.push(unacknowledged[result.index]!)
        }
        const ids = new Set(acknowledged.map((application) => application.submission_id))
        const allAnnounced = await waitFor(() => {
          const accepted = receiver.acceptedBySubmission()
          return [...ids].every((id) => accepted.has(id))
        }, DELIVERY_WAIT_MS)
        const waitedMs = performance.now() - restartedAt
        // Leads stored but unanswered at a kill are announced too; give the last of them a moment.
        const rows = await readAllRows(server.url)
        await waitFor(() => rows.every((row) => receiver.acceptedBySubmission().has(row.submission_id)), 10_000)

        const accepted = receiver.acceptedBySubmission()
        const missing = acknowledged.filter((application) => !accepted.has(application.submission_id))
        const storedMissing = rows.filter((row) => !accepted.has(row.submission_id))
        const duplicates = receiver.duplicates()
        report(
          `kill -9 ×${KILLS} during ${LEADS} leads, a webhook receiver refusing half the first attempts, on ${target.name}`,
          {
            'sent during the crashes': sent,
            'sent or resent after the last restart (201 or 409)': `${unacknowledged.length} (${resent.filter((result) => [201, 409].includes(result.value?.status ?? 0)).length})`,
            'leads acknowledged': acknowledged.length,
            'rows stored': rows.length,
            'webhook requests received (at each kill)': `${receiver.requestCount()} (${receivedAtKills.join(', ')})`,
            'distinct webhook-ids': receiver.messages.size,
            'acknowledged leads not announced': missing.length,
            'stored leads not announced': storedMissing.length,
            'webhook-ids accepted more than once (allowed)': duplicates.ids,
            'leads announced under more than one webhook-id': duplicates.submissions,
            'signatures refused': receiver.forged(),
            'from the last restart to the last acknowledged lead announced': `${(waitedMs / 1000).toFixed(1)} s`,
          },
        )

        expect(acknowledged).toHaveLength(LEADS)
        expect(allAnnounced).toBe(true)
        expect(missing).toHaveLength(0)
        expect(rows).toHaveLength(LEADS)
        expect(storedMissing).toHaveLength(0)
        expect(receiver.forged()).toBe(0)
        // One delivery per lead and channel: a retry keeps its webhook-id.
        expect(duplicates.submissions).toBe(0)
      } finally {
        if (server) await stopServer(server)
        await receiver.close()
        await target.dispose()
      }
    },
  )
})
