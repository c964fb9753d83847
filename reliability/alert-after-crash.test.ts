// The embedded database's restart takes back the claims the killed process left
// (its data directory lock proves that process is gone), so a lead whose webhook
// was in flight at a kill -9 is announced within seconds of the restart, not
// after the LEASE_SECONDS a claim lasts on PostgreSQL, and the lost attempt is not counted.
import { describe, expect, it } from 'vitest'
import type { Row } from '../server/db/database.ts'
import { LEASE_SECONDS } from '../server/notify/notifier-options.ts'
import { connectionPool } from './support/http-client.ts'
import { openTargetDatabase, startLeadReceiver, waitFor, webhookEnv } from './support/lead-webhooks.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, submit } from './support/submissions.ts'
import { pgliteTarget } from './support/targets.ts'

const ANNOUNCED_WITHIN_MS = 15_000

interface DeliveryRow extends Row {
  state: string
  attempts: number
  webhook_id: string
  recorded: number
}

describe('kill -9 while the webhook receiver stalls, on PGlite', () => {
  it(`announces the lead within ${ANNOUNCED_WITHIN_MS / 1000} s of the restart, well inside the ${LEASE_SECONDS} s lease`, async () => {
    const target = await pgliteTarget()
    // Until the kill, the receiver holds its answer to the lead's webhook; after it, it answers at once.
    let stalling = true
    let unstall = () => {}
    const stalled = new Promise<number>((resolve) => (unstall = () => resolve(503)))
    const receiver = await startLeadReceiver(() => (stalling ? stalled : 204))
    let server: ServerProcess | undefined
    try {
      const env = { ...target.env, ...webhookEnv([receiver.url]) }
      server = await startServer(env)
      const live = server
      const lead = makeApplication(0)
      const agent = connectionPool(1)
      const reply = await submit(live.url, lead, agent)
      agent.destroy()
      expect(reply.status).toBe(201)

      // The server has claimed the delivery and is sending it: the receiver holds the request.
      const heldInHand = await waitFor(() => receiver.requestCount() > 0, 10_000)
      const [held] = receiver.messages.entries()
      live.child.kill('SIGKILL')
      const exit = await live.exited
      stalling = false
      unstall()
      expect(heldInHand).toBe(true)
      expect(exit.signal).toBe('SIGKILL')
      expect(held?.[1].submissionId).toBe(lead.submission_id)
      expect(held?.[1].accepted).toBe(0)

      const restarting = Date.now()
      server = await startServer(env)
      const readyAt = Date.now()
      const announced = await waitFor(
        () => receiver.acceptedBySubmission().has(lead.submission_id),
        ANNOUNCED_WITHIN_MS,
      )
      const acceptedAt = receiver.acceptedBySubmission().get(lead.submission_id)
      // The notifier's first look comes as the server gets ready, often before /healthz is polled: then 0.
      const fromReadyMs = acceptedAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, acceptedAt - readyAt)
      const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'not accepted')

      // The embedded database has one opener: the server stops before it is read.
      await stopServer(server)
      server = undefined
      const db = await openTargetDatabase(target)
      let deliveries: DeliveryRow[]
      try {
        deliveries = await db.query<DeliveryRow>(
          `SELECT d.state, d.attempts, 'msg_' || d.message_id AS webhook_id,
             (SELECT count(*)::int FROM lead_delivery_attempts a WHERE a.delivery_id = d.id) AS recorded
           FROM lead_deliveries d JOIN contact_submissions c ON c.id = d.application_id
           WHERE c.submission_id::text = $1 AND d.event = 'application.created'`,
          [lead.submission_id],
        )
      } finally {
        await db.close()
      }
      const messages = [...receiver.messages.values()].filter((message) => message.submissionId === lead.submission_id)

      report('kill -9 while the webhook receiver holds a lead webhook, then a restart, on PGlite', {
        'restart until ready (healthz)': `${((readyAt - restarting) / 1000).toFixed(1)} s`,
        'from the restart to the webhook accepted': seconds((acceptedAt ?? Number.POSITIVE_INFINITY) - restarting),
        'from the restart ready to the webhook accepted (0: before)': seconds(fromReadyMs),
        'webhook requests (webhook-ids)': `${receiver.requestCount()} (${receiver.messages.size})`,
        'delivery rows (state, attempts, attempts recorded)': deliveries
          .map((row) => `${row.state}, ${row.attempts}, ${row.recorded}`)
          .join('; '),
        'signatures refused': receiver.forged(),
      })

      expect(announced).toBe(true)
      expect(fromReadyMs).toBeLessThanOrEqual(ANNOUNCED_WITHIN_MS)
      // The same delivery, sent again under its webhook-id: once held, once accepted.
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({ requests: 2, accepted: 1 })
      expect(deliveries).toHaveLength(1)
      // The lost attempt is not counted: one attempt, the one that got the 2xx.
      expect(deliveries[0]).toEqual({ state: 'delivered', attempts: 1, webhook_id: held?.[0], recorded: 1 })
      expect(receiver.forged()).toBe(0)
    } finally {
      unstall()
      if (server) await stopServer(server)
      await receiver.close()
      await target.dispose()
    }
  })
})
