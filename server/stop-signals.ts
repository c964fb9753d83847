// One stop often arrives as several signals: systemd's default KillMode=control-group
// signals every process of the service, Ctrl+C signals the whole process group, and
// `npm run serve` passes on the signal its child already got. Only the first may count,
// or the repeat would cut short the requests the first one lets finish.

/**
 * How long a stopping server lets requests in flight finish before it gives up on
 * them: as long as Fastify gives a request to arrive whole (requestTimeout in app.ts).
 */
export const DRAIN_TIMEOUT_MS = 30_000

/** Calls `stop` on the first SIGTERM or SIGINT, and `repeated` on every one after it. */
export function onStopSignals(stop: (signal: NodeJS.Signals) => void, repeated: (signal: NodeJS.Signals) => void) {
  let stopping = false
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return repeated(signal)
    stopping = true
    stop(signal)
  }
  process.on('SIGTERM', handle)
  process.on('SIGINT', handle)
}
