import { connectionPool } from '../../reliability/support/http-client.ts'
import { waitFor, type LeadReceiver } from '../../reliability/support/lead-webhooks.ts'
import { percentile, runLoad } from '../../reliability/support/load.ts'
import type { ServerProcess } from '../../reliability/support/server-process.ts'
import { makeApplication, submit } from '../../reliability/support/submissions.ts'

export interface WebhookFigures {
  leads: number
  /** Leads whose webhook did not arrive within the wait. */
  notReceived: number
  p50Ms: number
  p99Ms: number
  /** Deliveries per second from the first webhook received to the last. */
  perSecond: number
  /** From each request sent to its 201. */
  submitP50Ms: number
  submitP99Ms: number
  /** From the first request sent to the last answer (a burst's only). */
  intakeMs?: number
}

/** Latencies from each 201 to the first accepted webhook of the same lead. */
export async function webhookLatencies(
  receiver: LeadReceiver,
  acknowledged: Map<string, number>,
  submitMs: number[],
  waitMs: number,
): Promise<WebhookFigures> {
  const all = () => {
    const accepted = receiver.acceptedBySubmission()
    return [...acknowledged.keys()].every((id) => accepted.has(id))
  }
  await waitFor(all, waitMs)
  const accepted = receiver.acceptedBySubmission()
  const latencies: number[] = []
  const receivedAt: number[] = []
  for (const [id, at] of acknowledged) {
    const received = accepted.get(id)
    if (received === undefined) continue
    latencies.push(received - at)
    receivedAt.push(received)
  }
  const spanMs = Math.max(...receivedAt) - Math.min(...receivedAt)
  return {
    leads: acknowledged.size,
    notReceived: acknowledged.size - latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    perSecond: spanMs > 0 ? ((receivedAt.length - 1) * 1000) / spanMs : Number.NaN,
    submitP50Ms: percentile(submitMs, 50),
    submitP99Ms: percentile(submitMs, 99),
  }
}

/**
 * `size` applications sent as fast as `connections` keep-alive connections
 * allow, each 201 timed against its webhook's arrival at `receiver` (which the
 * server at `server` must be signing webhooks to).
 */
export async function webhookBurst(
  server: ServerProcess,
  receiver: LeadReceiver,
  { size, connections, tag = 'burst' }: { size: number; connections: number; tag?: string },
): Promise<WebhookFigures> {
  const agent = connectionPool(connections)
  const acknowledged = new Map<string, number>()
  const submitMs: number[] = []
  const { elapsedMs } = await runLoad({
    total: size,
    concurrency: connections,
    maxMs: 60_000,
    job: async (n) => {
      const application = makeApplication(n, tag)
      const sentAt = performance.now()
      const reply = await submit(server.url, application, agent)
      if (reply.status !== 201) return
      acknowledged.set(application.submission_id, Date.now())
      submitMs.push(performance.now() - sentAt)
    },
  })
  agent.destroy()
  return { ...(await webhookLatencies(receiver, acknowledged, submitMs, 120_000)), intakeMs: elapsedMs }
}
