import type { HitCounter } from './hit-counter.ts'

// As many addresses as @fastify/rate-limit's own memory store keeps.
const MAX_KEYS = 5000

interface Window {
  hits: number
  endsAt: number
}

/**
 * Fixed-window counters in this process's memory, for the embedded database's
 * single process: what lets several routes, registered apart, count as one.
 * Holds at most `maxKeys` windows; past that, the oldest window is forgotten.
 */
export function memoryHitCounter({ maxKeys = MAX_KEYS } = {}): HitCounter {
  const windows = new Map<string, Window>()
  const current = (key: string, now: number) => {
    const window = windows.get(key)
    return window !== undefined && window.endsAt > now ? window : undefined
  }
  return {
    async hit(key, windowMs) {
      const now = Date.now()
      let window = current(key, now)
      if (window === undefined) {
        // Deleted and set again, so the Map's order stays the order windows began in.
        windows.delete(key)
        window = { hits: 0, endsAt: now + windowMs }
        windows.set(key, window)
        const oldest = windows.keys().next().value
        if (windows.size > maxKeys && oldest !== undefined) windows.delete(oldest)
      }
      window.hits += 1
      return { hits: window.hits, ttlMs: window.endsAt - now }
    },
    async peek(key) {
      const now = Date.now()
      const window = current(key, now)
      return window === undefined ? { hits: 0, ttlMs: 0 } : { hits: window.hits, ttlMs: window.endsAt - now }
    },
  }
}
