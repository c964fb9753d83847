import cluster, { type Worker } from 'node:cluster'
import { DRAIN_TIMEOUT_MS, onStopSignals } from './stop-signals.ts'

// A worker that dies this soon after starting is failing to start, not crashing
// under load: restarting it at once would only spin.
const RESTART_DELAY_MS = 1_000
// Workers give up on their requests after DRAIN_TIMEOUT_MS themselves; this only
// catches one that cannot even do that, so the primary always ends.
const STOP_BACKSTOP_MS = DRAIN_TIMEOUT_MS + 5_000

const log = (level: number, msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(
    `${JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`,
  )

/**
 * Runs `workers` server processes sharing one port, so a machine's cores all
 * serve (WEB_CONCURRENCY; PostgreSQL only, since the embedded database belongs
 * to one process). A worker that dies is replaced, except once stopping. The
 * first SIGTERM or SIGINT is passed on to every worker, once; later ones change
 * nothing. The primary exits when the last worker has closed: 0 if all closed
 * cleanly.
 */
export function startCluster(workers: number) {
  // Kept here rather than read from cluster.workers, which may still list a worker
  // whose 'exit' has fired but whose IPC channel has not closed yet.
  const live = new Set<Worker>()
  const pendingRestarts = new Set<NodeJS.Timeout>()
  let stopSignal: NodeJS.Signals | undefined
  let unclean = 0

  const fork = () => live.add(cluster.fork())
  const closed = () => {
    log(unclean === 0 ? 30 : 50, 'cluster closed', { uncleanWorkers: unclean })
    process.exit(unclean === 0 ? 0 : 1)
  }

  for (let i = 0; i < workers; i++) fork()
  log(30, 'cluster started', { workers })

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker)
    if (stopSignal !== undefined) {
      // Killed by the stop signal itself: it came before the worker was listening
      // (and handling signals), so it had no request to lose.
      if (code !== 0 && signal !== stopSignal) {
        unclean++
        log(50, 'worker did not close cleanly', { worker: worker.process.pid, code, signal })
      }
      if (live.size === 0) closed()
      return
    }
    log(50, 'worker exited, starting another', { worker: worker.process.pid, code, signal })
    const restart = setTimeout(() => {
      pendingRestarts.delete(restart)
      fork()
    }, RESTART_DELAY_MS)
    pendingRestarts.add(restart)
  })

  onStopSignals(
    (signal) => {
      stopSignal = signal
      for (const restart of pendingRestarts) clearTimeout(restart)
      log(30, 'closing: stopping workers', { signal, workers: live.size })
      // Workers may have had it already (a process group, systemd's control group):
      // they take a repeat as nothing, so one is always sent for those that did not.
      for (const worker of live) worker.process.kill(signal)
      if (live.size === 0) closed()
      setTimeout(() => {
        log(50, 'workers did not close in time, killing them', { workers: live.size })
        for (const worker of live) worker.process.kill('SIGKILL')
      }, STOP_BACKSTOP_MS).unref()
    },
    (signal) => log(30, 'already closing; the signal changes nothing', { signal }),
  )
}
