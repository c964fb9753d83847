import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryHitCounter } from './memory-hit-counter.ts'

describe('the in-memory hit counter', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts hits in a fixed window per key, and starts again once it has ended', async () => {
    // The clock moves only when told: a busy machine's pause between two hits cannot end the window.
    vi.useFakeTimers({ toFake: ['Date'] })
    const counter = memoryHitCounter()
    expect((await counter.hit('a', 300)).hits).toBe(1)
    const second = await counter.hit('a', 300)
    expect(second.hits).toBe(2)
    expect(second.ttlMs).toBeGreaterThan(0)
    expect(second.ttlMs).toBeLessThanOrEqual(300)
    expect((await counter.hit('b', 300)).hits).toBe(1)
    expect((await counter.peek('a')).hits).toBe(2)
    vi.advanceTimersByTime(299)
    expect((await counter.peek('a')).hits).toBe(2)
    vi.advanceTimersByTime(1)
    expect(await counter.peek('a')).toEqual({ hits: 0, ttlMs: 0 })
    expect((await counter.hit('a', 300)).hits).toBe(1)
  })

  it('holds at most maxKeys windows, forgetting the oldest first', async () => {
    const counter = memoryHitCounter({ maxKeys: 3 })
    for (const key of ['a', 'b', 'c', 'd']) await counter.hit(key, 60_000)
    expect((await counter.peek('a')).hits).toBe(0)
    expect((await Promise.all(['b', 'c', 'd'].map((key) => counter.peek(key)))).map((count) => count.hits)).toEqual([
      1, 1, 1,
    ])
  })
})
