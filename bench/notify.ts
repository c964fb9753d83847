// npm run bench:notify — how soon a lead's webhook arrives after its 201, p50 and
// p99, at 10 leads/s and in a burst of 1,000, on PGlite and on PostgreSQL, and how
// many deliveries per second the worker makes in the burst. The receiver is a real
// HTTP server on loopback that verifies every signature with standardwebhooks.
import { connectionPool } from '../reliability/support/http-client.ts'
import { startLeadReceiver, waitFor, webhookEnv, type LeadReceiver } from '../reliability/support/lead-webhooks.ts'
import { percentile, runLoad } from '../reliability/support/load.ts'
import { startServer, stopServer, type ServerProcess } from '../reliability/support/server-process.ts'
import { makeApplication, submit } from '../reliability/support/submissions.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const STEADY_PER_SECOND = 10
const BURST = 1_000
const CONNECTIONS = 16

interface Figures {
  leads: number
  /** Leads whose webhook did not arrive within the wait. */
  notReceived: number
  p50Ms: number
  p99Ms: number
  /** Deliveries per second from the first webhook received to the last. */
  perSecond: number
}

/** Latencies from each 201 to the first accepted webhook of the same lead. */
async function measure(receiver: LeadReceiver, acknowledged: Map<string, number>, waitMs: number): Promise<Figures> {
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
  }
}

async function steady(server: ServerProcess, receiver: LeadReceiver): Promise<Figures> {
  const agent = connectionPool(4)
  const acknowledged = new Map<string, number>()
  const total = STEADY_SECONDS * STEADY_PER_SECOND
  const started = performance.now()
  const sends: Promise<void>[] = []
  for (let n = 0; n < total; n++) {
    const dueIn = started + (n * 1000) / STEADY_PER_SECOND - performance.now()
    if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn))
    const application = makeApplication(n, 'steady')
    sends.push(
      submit(server.url, application, agent).then(
        (reply) => void (reply.status === 201 && acknowledged.set(application.submission_id, Date.now())),
        () => undefined,
      ),
    )
  }
  await Promise.all(sends)
  agent.destroy()
  return measure(receiver, acknowledged, 30_000)
}

async function burst(server: ServerProcess, receiver: LeadReceiver): Promise<Figures> {
  const agent = connectionPool(CONNECTIONS)
  const acknowledged = new Map<string, number>()
  await runLoad({
    total: BURST,
    concurrency: CONNECTIONS,
    maxMs: 60_000,
    job: async (n) => {
      const application = makeApplication(n, 'burst')
      const reply = await submit(server.url, application, agent)
      if (reply.status === 201) acknowledged.set(application.submission_id, Date.now())
    },
  })
  agent.destroy()
  return measure(receiver, acknowledged, 120_000)
}

const format = ({ leads, notReceived, p50Ms, p99Ms }: Figures) =>
  `p50 ${p50Ms.toFixed(0)} ms · p99 ${p99Ms.toFixed(0)} ms (${leads} leads${notReceived ? `, ${notReceived} not received in time` : ''})`

console.log(
  `201 to webhook received, at ${STEADY_PER_SECOND} leads/s for ${STEADY_SECONDS} s and in a burst of ${BURST} at ${CONNECTIONS} connections. ` +
    'The server, its database and this process share the machine. Logging at info, as in production.\n',
)
for (const open of [pgliteTarget, postgresTarget]) {
  const target: StorageTarget = await open()
  const receiver = await startLeadReceiver()
  const server = await startServer({ ...target.env, ...webhookEnv([receiver.url]), LOG_LEVEL: 'info' })
  try {
    const atRate = await steady(server, receiver)
    const inBurst = await burst(server, receiver)
    console.log(`${target.name}`)
    console.log(`  ${STEADY_PER_SECOND} leads/s: ${format(atRate)}`)
    console.log(`  burst of ${BURST}: ${format(inBurst)} · worker ${inBurst.perSecond.toFixed(0)} deliveries/s`)
    console.log(`  signatures refused: ${receiver.forged()}; webhook-ids received twice: ${receiver.duplicates().ids}\n`)
  } finally {
    await stopServer(server)
    await receiver.close()
    await target.dispose()
  }
}
console.log('Goal: p50 under 1 s at 10 leads/s. Command: npm run bench:notify')
