import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../server/db/database.ts'
import { webhookTarget } from '../server/notify/webhook.ts'
import { connectionPool } from './support/http-client.ts'
import {
  openTargetDatabase,
  startLeadReceiver,
  waitFor,
  webhookEnv,
  type LeadReceiver,
} from './support/lead-webhooks.ts'
import { percentile, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, submit, type Application } from './support/submissions.ts'
import { storageTargets, type StorageTarget } from './support/targets.ts'

const FIRST_LEADS = 100
const LATER_LEADS = 50
const CONNECTIONS = 8
const OUTAGE_MS = 10 * 60_000
// Per the README, a refused webhook is tried again after 5 s, 5 min, then 30 min, each
// within 20 %: a lead whose first three attempts fell in the outage has its fourth by then.
const FOURTH_ATTEMPT_BY_MS = 1.2 * (5_000 + 5 * 60_000 + 30 * 60_000)
const HEALTHY_WITHIN_MS = 5_000
const MAX_ROUNDS = 20

/**
 * Moves the server's clock forward as far as the next thing the outbox would do
 * for `target` (at most `limitMs`), the way a clock jump would: every due time
 * and pause comes closer by as much. Deliveries in flight keep their claim.
 * Resolves to how far it moved, or undefined when nothing is waiting.
 */
async function jumpToNextAttempt(db: Database, target: string, limitMs: number): Promise<number | undefined> {
  const [next] = await db.query<{ in_ms: number | null }>(
    `SELECT (extract(epoch FROM greatest(min(d.next_attempt_at), max(t.paused_until)) - now()) * 1000)::float8 AS in_ms
     FROM lead_deliveries d JOIN lead_delivery_targets t ON t.target = d.target
     WHERE d.target = $1 AND d.state = 'pending' AND d.claim IS NULL`,
    [target],
  )
  if (next?.in_ms === null || next?.in_ms === undefined) return undefined
  const jumpMs = Math.max(0, Math.min(Number(next.in_ms), limitMs))
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE lead_deliveries SET next_attempt_at = next_attempt_at - make_interval(secs => $1::float8)
       WHERE state = 'pending' AND claim IS NULL`,
      [jumpMs / 1000],
    )
    await tx.query(
      `UPDATE lead_delivery_targets SET paused_until = paused_until - make_interval(secs => $1::float8)
       WHERE paused_until IS NOT NULL`,
      [jumpMs / 1000],
    )
  })
  return jumpMs
}

describe.each(storageTargets())('a webhook receiver down for 10 minutes on %s', (_name, openTarget) => {
  let target: StorageTarget
  let down: LeadReceiver
  let healthy: LeadReceiver
  let server: ServerProcess | undefined
  let isDown = true

  beforeAll(async () => {
    target = await openTarget()
    down = await startLeadReceiver(() => (isDown ? 503 : 204))
    healthy = await startLeadReceiver()
  })
  afterAll(async () => {
    if (server) await stopServer(server)
    await down?.close()
    await healthy?.close()
    await target?.dispose()
  })

  it('delivers every lead once the receiver is back, and the healthy one got each at once', async () => {
    const env = { ...target.env, ...webhookEnv([down.url, healthy.url]) }
    const downTarget = webhookTarget(down.url)
    server = await startServer(env)
    const embedded = target.env.DATABASE_URL === undefined
    // PostgreSQL takes the jump while the server runs; the embedded database has one
    // opener, so there the server is stopped (gracefully) around it, as for maintenance.
    const liveDb = embedded ? undefined : await openTargetDatabase(target)
    const jump = async (limitMs: number) => {
      if (liveDb) return jumpToNextAttempt(liveDb, downTarget, limitMs)
      if (server) await stopServer(server)
      const db = await openTargetDatabase(target)
      try {
        return await jumpToNextAttempt(db, downTarget, limitMs)
      } finally {
        await db.close()
        server = await startServer(env)
      }
    }
    // Waits until the server has had its go: nothing new at the receiver for 1.5 s.
    const settle = async () => {
      let last = down.requestCount()
      let quietSince = Date.now()
      await waitFor(() => {
        if (down.requestCount() !== last) {
          last = down.requestCount()
          quietSince = Date.now()
        }
        return Date.now() - quietSince > 1_500
      }, 15_000)
    }

    const stored = new Map<string, number>()
    const sendLeads = async (count: number, from: number) => {
      const agent = connectionPool(CONNECTIONS)
      const batch: Application[] = Array.from({ length: count }, (_, n) => makeApplication(from + n))
      const { results } = await runLoad({
        total: count,
        concurrency: CONNECTIONS,
        maxMs: 30_000,
        job: async (n) => {
          const reply = await submit(server!.url, batch[n]!, agent)
          if (reply.status === 201) stored.set(batch[n]!.submission_id, Date.now())
          return reply.status
        },
      })
      agent.destroy()
      expect(results.every((result) => result.value === 201)).toBe(true)
    }
    const healthyLatencies = () => {
      const accepted = healthy.acceptedBySubmission()
      return [...stored].map(([id, at]) => (accepted.get(id) ?? Number.POSITIVE_INFINITY) - at)
    }
    const allAt = (receiver: LeadReceiver) => () => {
      const accepted = receiver.acceptedBySubmission()
      return [...stored.keys()].every((id) => accepted.has(id))
    }

    try {
      const outageStarted = Date.now()
      let jumpedMs = 0
      const simulatedMs = () => Date.now() - outageStarted + jumpedMs

      await sendLeads(FIRST_LEADS, 0)
      expect(await waitFor(allAt(healthy), 15_000)).toBe(true)
      await settle()

      let rounds = 0
      let laterSent = false
      while (simulatedMs() < OUTAGE_MS && rounds++ < MAX_ROUNDS) {
        const moved = await jump(OUTAGE_MS - simulatedMs())
        if (moved === undefined) break
        jumpedMs += moved
        await settle()
        if (!laterSent) {
          // Leads that arrive while the receiver is failing and paused must not wait for it either.
          laterSent = true
          await sendLeads(LATER_LEADS, FIRST_LEADS)
          expect(await waitFor(allAt(healthy), 15_000)).toBe(true)
          await settle()
        }
      }
      const outageMs = simulatedMs()
      const requestsWhileDown = down.requestCount()
      const deliveredWhileDown = down.acceptedBySubmission().size

      isDown = false
      const recoveredAt = simulatedMs()
      while (!allAt(down)() && rounds++ < 2 * MAX_ROUNDS) {
        const moved = await jump(48 * 3_600_000)
        if (moved === undefined) break
        jumpedMs += moved
        await waitFor(allAt(down), 10_000)
      }
      const recoveredToAllMs = simulatedMs() - recoveredAt
      const storedToAllMs = simulatedMs()

      const accepted = down.acceptedBySubmission()
      const missing = [...stored.keys()].filter((id) => !accepted.has(id))
      const latencies = healthyLatencies()
      const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`
      report(`a webhook receiver answering 503 for 10 simulated minutes, beside a healthy one, on ${target.name}`, {
        leads: stored.size,
        'simulated outage': minutes(outageMs),
        'clock jumps': rounds,
        'requests to the failing receiver during the outage': requestsWhileDown,
        'accepted by it during the outage': deliveredWhileDown,
        'simulated time from its recovery to every lead delivered': minutes(recoveredToAllMs),
        'simulated time from the first lead to every lead delivered': minutes(storedToAllMs),
        'leads it never got': missing.length,
        'healthy receiver, 201 to webhook, p50 / p99 / max': `${percentile(latencies, 50)} / ${percentile(latencies, 99)} / ${Math.max(...latencies)} ms`,
        'duplicates (webhook-ids accepted twice), failing / healthy': `${down.duplicates().ids} / ${healthy.duplicates().ids}`,
        'signatures refused': down.forged() + healthy.forged(),
      })

      expect(outageMs).toBeGreaterThanOrEqual(OUTAGE_MS)
      expect(requestsWhileDown).toBeGreaterThan(0)
      expect(deliveredWhileDown).toBe(0)
      expect(missing).toHaveLength(0)
      expect(storedToAllMs).toBeLessThanOrEqual(FOURTH_ATTEMPT_BY_MS)
      expect(Math.max(...latencies)).toBeLessThan(HEALTHY_WITHIN_MS)
      expect(down.forged() + healthy.forged()).toBe(0)
    } finally {
      await liveDb?.close()
    }
  })
})
