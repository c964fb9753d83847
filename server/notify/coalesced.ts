/**
 * Runs `task` one at a time. Asked while it runs, it runs once more after,
 * however often it was asked: a burst of requests costs at most two runs, the
 * one in flight and one that sees everything the burst brought. `task` must
 * not throw.
 */
export function coalesced(task: () => Promise<void>) {
  let running: Promise<void> | undefined
  let again = false

  async function loop() {
    try {
      do {
        again = false
        await task()
      } while (again)
    } finally {
      // In the same turn as the last check of `again`: no request falls between.
      running = undefined
    }
  }

  return {
    request() {
      if (running) again = true
      else running = loop()
    },
    /** Resolves once no run is in flight or queued. */
    idle: () => running ?? Promise.resolve(),
  }
}
