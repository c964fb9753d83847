import cluster from 'node:cluster'

// A worker that dies this soon after starting is failing to start, not crashing
// under load: restarting it at once would only spin.
const RESTART_DELAY_MS = 1_000

const log = (level: number, msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`)

/**
 * Runs `workers` server processes sharing one port, so a machine's cores all
 * serve (WEB_CONCURRENCY; PostgreSQL only, since the embedded database belongs
 * to one process). A worker that dies is replaced; SIGTERM or SIGINT is passed
 * on to every worker, and the primary exits when the last has closed.
 */
export function startCluster(workers: number) {
  let stopping = false
  for (let i = 0; i < workers; i++) cluster.fork()
  log(30, 'cluster started', { workers })

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log(30, 'cluster closed')
        process.exit(0)
      }
      return
    }
    log(50, 'worker exited, starting another', { worker: worker.process.pid, code, signal })
    setTimeout(() => cluster.fork(), RESTART_DELAY_MS)
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log(30, 'closing: stopping workers', { signal })
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
