import type { FastifyInstance } from 'fastify'

export interface Sweep {
  /** How often it runs after the first run, at start. */
  intervalMs: number
  /** One run; what it throws is logged as a warning and the next run tries again. */
  run: () => Promise<void>
  /** The warning logged when a run fails. */
  failure: string
}

/**
 * Housekeeping that runs when the server starts and then every `intervalMs`:
 * it never holds the process open or delays its start, runs are chained so a
 * slow one is never overlapped by the next, and closing the app waits for a
 * run in progress, so the database can close after it.
 */
export function registerPeriodicSweep(app: FastifyInstance, { intervalMs, run, failure }: Sweep) {
  let timer: NodeJS.Timeout | undefined
  let sweeping: Promise<void> = Promise.resolve()
  const sweep = () => {
    sweeping = sweeping.then(async () => {
      try {
        await run()
      } catch (error) {
        app.log.warn({ err: error }, failure)
      }
    })
  }
  app.addHook('onReady', async () => {
    sweep()
    timer = setInterval(sweep, intervalMs).unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await sweeping
  })
}
