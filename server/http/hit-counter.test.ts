import { describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { databaseHitCounter } from './hit-counter.ts'

const temp = useTempDatabase()

const rows = () => temp.db.query<{ key: string; hits: number }>('SELECT key, hits FROM rate_limit_hits ORDER BY key')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe(`the database hit counter on ${DATABASE_TARGET}`, () => {
  it('counts hits per key in a fixed window, and says how long the window has left', async () => {
    const counter = databaseHitCounter(temp.db)
    const first = await counter.hit('fixed a', 60_000)
    expect(first.hits).toBe(1)
    expect(first.ttlMs).toBeGreaterThan(55_000)
    expect(first.ttlMs).toBeLessThanOrEqual(60_000)
    expect((await counter.hit('fixed a', 60_000)).hits).toBe(2)
    expect((await counter.hit('fixed b', 60_000)).hits).toBe(1)
    // The window is fixed: later hits do not push its end back.
    const third = await counter.hit('fixed a', 60_000)
    expect(third.hits).toBe(3)
    expect(third.ttlMs).toBeLessThanOrEqual(first.ttlMs)
    // Peeking does not count.
    expect((await counter.peek('fixed a')).hits).toBe(3)
    expect((await counter.peek('fixed a')).hits).toBe(3)
    expect(await counter.peek('never hit')).toEqual({ hits: 0, ttlMs: 0 })
  })

  it('starts again once the window has ended', async () => {
    const counter = databaseHitCounter(temp.db)
    await counter.hit('short', 200)
    await counter.hit('short', 200)
    await sleep(300)
    expect((await counter.peek('short')).hits).toBe(0)
    expect((await counter.hit('short', 200)).hits).toBe(1)
  })

  it('loses no hit and counts none twice when many arrive at once', async () => {
    const counter = databaseHitCounter(temp.db)
    const counts = await Promise.all(Array.from({ length: 40 }, () => counter.hit('burst', 60_000)))
    expect(counts.map(({ hits }) => hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  })

  it('deletes the rows of ended windows as it goes, so the table holds only live ones', async () => {
    await temp.db.query('DELETE FROM rate_limit_hits')
    const counter = databaseHitCounter(temp.db, { sweepEveryMs: 0 })
    await counter.hit('ended 1', 50)
    await counter.hit('ended 2', 50)
    await sleep(100)
    await counter.hit('live', 60_000)
    for (const started = Date.now(); (await rows()).length > 1 && Date.now() - started < 5_000;) await sleep(20)
    expect(await rows()).toEqual([{ key: 'live', hits: 1 }])
  })
})
