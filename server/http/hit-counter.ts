import type { Database } from '../db/database.ts'

export interface HitCount {
  /** Hits in the current window, this one included. */
  hits: number
  /** Milliseconds until the window ends and the count starts again. */
  ttlMs: number
}

/**
 * Fixed-window counters in the database (migrations/004-rate-limits.sql), so
 * that every server instance on one PostgreSQL counts the same hits.
 */
export interface HitCounter {
  /** Counts a hit on `key`; a key whose window has ended starts a new one of `windowMs`. */
  hit(key: string, windowMs: number): Promise<HitCount>
  /** The count of `key`'s current window, without adding to it: 0 when there is none. */
  peek(key: string): Promise<HitCount>
}

// One statement, so concurrent hits from several instances serialise on the
// row and each sees its own count: none is lost and none is counted twice.
const HIT = `INSERT INTO rate_limit_hits AS r (key, hits, expires_at)
VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.hits + 1 END,
  expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END
RETURNING hits, ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ttl_ms`

const PEEK = `SELECT hits, ceil(extract(epoch FROM expires_at - now()) * 1000)::int AS ttl_ms
FROM rate_limit_hits WHERE key = $1 AND expires_at > now()`

const SWEEP = 'DELETE FROM rate_limit_hits WHERE expires_at <= now()'

// Expired rows are deleted at most this often per process: the table holds one
// row per address seen in the last window, so a sweep a minute keeps it small.
const SWEEP_EVERY_MS = 60_000

export function databaseHitCounter(db: Database, { sweepEveryMs = SWEEP_EVERY_MS } = {}): HitCounter {
  let lastSweep = Date.now()
  const sweepNow = () => {
    lastSweep = Date.now()
    // In the background: a failed sweep costs nothing but a larger table until the next one.
    db.query(SWEEP).catch(() => undefined)
  }
  return {
    async hit(key, windowMs) {
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(HIT, [key, Math.ceil(windowMs)], { prepare: true })
      if (!row) throw new Error('the rate-limit upsert returned no row')
      if (Date.now() - lastSweep >= sweepEveryMs) sweepNow()
      return { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) }
    },
    async peek(key) {
      const [row] = await db.query<{ hits: number; ttl_ms: number }>(PEEK, [key], { prepare: true })
      return row ? { hits: row.hits, ttlMs: Math.max(0, row.ttl_ms) } : { hits: 0, ttlMs: 0 }
    },
  }
}
