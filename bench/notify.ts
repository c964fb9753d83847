// npm run bench:notify — how soon a lead's webhook arrives after its 201, p50 and
// p99, at 10 leads/s and in a burst of 1,000, on PGlite and on PostgreSQL, and how
// many deliveries per second the worker makes in the burst. The receiver is a real
// HTTP server on loopback that verifies every signature with standardwebhooks.
// Beside them, how long the submissions themselves took (request sent to 201), since
// the notifier's statements share the database with them.
import { connectionPool } from '../reliability/support/http-client.ts'
import { startLeadReceiver, webhookEnv, type LeadReceiver } from '../reliability/support/lead-webhooks.ts'
import { startServer, stopServer, type ServerProcess } from '../reliability/support/server-process.ts'
import { makeApplication, submit } from '../reliability/support/submissions.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { webhookBurst, webhookLatencies, type WebhookFigures as Figures } from './support/webhook-latency.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const STEADY_PER_SECOND = 10
const BURST = 1_000
const CONNECTIONS = 16

async function steady(server: ServerProcess, receiver: LeadReceiver): Promise<Figures> {
  const agent = connectionPool(4)
  const acknowledged = new Map<string, number>()
  const submitMs: number[] = []
  const total = STEADY_SECONDS * STEADY_PER_SECOND
  const started = performance.now()
  const sends: Promise<void>[] = []
  for (let n = 0; n < total; n++) {
    const dueIn = started + (n * 1000) / STEADY_PER_SECOND - performance.now()
    if (dueIn > 0) await new Promise((resolve) => setTimeout(resolve, dueIn))
    const application = makeApplication(n, 'steady')
    const sentAt = performance.now()
    sends.push(
      submit(server.url, application, agent).then(
        (reply) => {
          if (reply.status !== 201) return
          acknowledged.set(application.submission_id, Date.now())
          submitMs.push(performance.now() - sentAt)
        },
        () => undefined,
      ),
    )
  }
  await Promise.all(sends)
  agent.destroy()
  return webhookLatencies(receiver, acknowledged, submitMs, 30_000)
}

const format = ({ leads, notReceived, p50Ms, p99Ms, submitP50Ms, submitP99Ms }: Figures) =>
  `p50 ${p50Ms.toFixed(0)} ms · p99 ${p99Ms.toFixed(0)} ms (${leads} leads${notReceived ? `, ${notReceived} not received in time` : ''}); ` +
  `the 201s took p50 ${submitP50Ms.toFixed(0)} ms · p99 ${submitP99Ms.toFixed(0)} ms`

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
    const inBurst = await webhookBurst(server, receiver, { size: BURST, connections: CONNECTIONS })
    console.log(`${target.name}`)
    console.log(`  ${STEADY_PER_SECOND} leads/s: ${format(atRate)}`)
    console.log(`  burst of ${BURST}: ${format(inBurst)} · worker ${inBurst.perSecond.toFixed(0)} deliveries/s`)
    console.log(
      `  signatures refused: ${receiver.forged()}; webhook-ids received twice: ${receiver.duplicates().ids}\n`,
    )
  } finally {
    await stopServer(server)
    await receiver.close()
    await target.dispose()
  }
}
console.log('Goals: p50 under 50 ms at 10 leads/s, p99 at most 2 s in the burst. Command: npm run bench:notify')
