// Forked by bench/support/health-probe.ts with the URL to probe: asks it, one request
// at a time, until told to stop, and sends back each request's milliseconds.
// A process of its own, so a server that holds its event loop delays the
// answers, not the prober's clock or the sending of its next request.
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'

const [url] = process.argv.slice(2)
if (url === undefined || process.send === undefined)
  throw new Error('usage: fork health-prober.ts URL, with an IPC channel')
const send = process.send.bind(process)

const PAUSE_MS = 5
// A fresh process compiles its HTTP client on the first requests: those are not the server's time.
const WARM_UP = 30
const MAX_SAMPLES = 200_000
const MAX_MS = 15 * 60_000

let stopping = false
process.on('message', (message) => {
  if (message === 'stop') stopping = true
})

/** Milliseconds from asking to the whole answer. */
async function probe(): Promise<number> {
  const start = performance.now()
  const response = await fetch(url as string, { signal: AbortSignal.timeout(60_000) })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return performance.now() - start
}

for (let index = 0; index < WARM_UP; index++) await probe()
send('ready')
const latencies: number[] = []
const started = performance.now()
while (!stopping && latencies.length < MAX_SAMPLES && performance.now() - started < MAX_MS) {
  latencies.push(await probe())
  await sleep(PAUSE_MS)
}
send({ latencies }, () => process.exit(0))
