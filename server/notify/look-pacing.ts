import { setTimeout as sleep } from 'node:timers/promises'

/**
 * When a wake's look may start. A look costs the embedded database as much as
 * several inserts, whatever it finds, and in a burst every stored lead wakes
 * the notifier: after a look that found work, the next one waits `factor`
 * times as long as that look took (at most `maxMs`), so a busy database sees
 * fewer, bigger looks and the notifier keeps to a share of its time. A quiet
 * one is looked at within milliseconds. A lane with work it had no room for
 * does not wait: after `hurry`, the next look starts at once.
 */
export function lookPacing(factor: number, maxMs: number) {
  let nextAt = 0
  let urgent = false
  let wakeUp: (() => void) | undefined

  return {
    looked(tookMs: number, foundWork: boolean) {
      nextAt = foundWork ? performance.now() + Math.min(factor * tookMs, maxMs) : 0
    },
    hurry() {
      urgent = true
      wakeUp?.()
    },
    async wait(signal: AbortSignal) {
      const waitMs = nextAt - performance.now()
      if (!urgent && waitMs > 0) {
        const done = new AbortController()
        try {
          await Promise.race([
            sleep(waitMs, undefined, { signal: AbortSignal.any([signal, done.signal]) }).catch(() => undefined),
            new Promise<void>((resolve) => (wakeUp = resolve)),
          ])
        } finally {
          wakeUp = undefined
          done.abort()
        }
      }
      urgent = false
    },
  }
}
