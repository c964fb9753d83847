import { beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { sweepPageEvents } from './event-retention.ts'

const temp = useTempDatabase()
beforeEach(async () => {
  await temp.db.exec('DELETE FROM page_events; DELETE FROM page_event_salts; DELETE FROM page_event_daily')
})

const visitor = (n: number) => n.toString(16).padStart(64, '0')

interface Event {
  daysAgo: number
  visitor: number
  type: string
  step?: number
  source?: string
}

/** Stores events as the route would have on a past day (noon UTC of that day). */
async function insertEvents(events: Event[]) {
  for (const event of events) {
    await temp.db.query(
      `INSERT INTO page_events (created_at, visitor, type, step, source, path)
       VALUES (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => $1::int) + interval '12 hours',
               decode($2, 'hex'), $3, $4, $5, '/')`,
      [event.daysAgo, visitor(event.visitor), event.type, event.step ?? null, event.source ?? null],
    )
  }
}

// A day's funnel, as the Funnel screen reads it (migrations/010, HOW TO READ THE FUNNEL).
const figures = (daysAgo: number) =>
  temp.db.query<{
    all_sources: boolean
    source: string | null
    type: string
    step: number | null
    events: number
    visitors: number
  }>(
    `SELECT all_sources, source, type, step, events::int, visitors::int
     FROM page_event_counts((now() AT TIME ZONE 'UTC')::date - $1::int, (now() AT TIME ZONE 'UTC')::date - $1::int)
     ORDER BY all_sources, source NULLS FIRST, type, step`,
    [daysAgo],
  )

const rawCount = async (daysAgo: number) => {
  const [row] = await temp.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM page_events WHERE day = (now() AT TIME ZONE 'UTC')::date - $1::int`,
    [daysAgo],
  )
  return row?.count ?? 0
}

// Visitor 1 comes from google and again, later the same day, from a newsletter;
// visitor 2 comes direct; visitor 3 from google. Visitor 1 is one visitor of
// the day, in each source's row and once in the day's total.
const DAY: Omit<Event, 'daysAgo'>[] = [
  { visitor: 1, type: 'page_view', source: 'google' },
  { visitor: 1, type: 'step_viewed', step: 1, source: 'google' },
  { visitor: 1, type: 'page_view', source: 'newsletter' },
  { visitor: 1, type: 'step_viewed', step: 1, source: 'newsletter' },
  { visitor: 1, type: 'step_viewed', step: 2, source: 'newsletter' },
  { visitor: 2, type: 'page_view' },
  { visitor: 2, type: 'page_view' },
  { visitor: 3, type: 'page_view', source: 'google' },
  { visitor: 3, type: 'step_viewed', step: 1, source: 'google' },
]

describe(`funnel events' retention on ${DATABASE_TARGET}`, () => {
  it('keeps a day’s figures, exactly as its raw events gave them, after the raw events are deleted', async () => {
    await insertEvents([
      ...DAY.map((event) => ({ ...event, daysAgo: 100 })),
      { visitor: 4, type: 'page_view', daysAgo: 3 },
    ])
    const fromRaw = await figures(100)
    expect(fromRaw.filter((row) => row.all_sources)).toEqual([
      { all_sources: true, source: null, type: 'page_view', step: null, events: 5, visitors: 3 },
      { all_sources: true, source: null, type: 'step_viewed', step: 1, events: 3, visitors: 2 },
      { all_sources: true, source: null, type: 'step_viewed', step: 2, events: 1, visitors: 1 },
    ])
    expect(fromRaw.filter((row) => !row.all_sources && row.type === 'page_view')).toEqual([
      { all_sources: false, source: null, type: 'page_view', step: null, events: 2, visitors: 1 },
      { all_sources: false, source: 'google', type: 'page_view', step: null, events: 2, visitors: 2 },
      { all_sources: false, source: 'newsletter', type: 'page_view', step: null, events: 1, visitors: 1 },
    ])

    const result = await sweepPageEvents(temp.db, 90)
    expect(result.eventsDeleted).toBe(DAY.length)
    expect(await rawCount(100)).toBe(0)
    // A day within the retention is rolled up too, and its raw events stay.
    expect(await rawCount(3)).toBe(1)
    expect(await figures(100)).toEqual(fromRaw)
    expect(await figures(3)).toEqual([
      { all_sources: false, source: null, type: 'page_view', step: null, events: 1, visitors: 1 },
      { all_sources: true, source: null, type: 'page_view', step: null, events: 1, visitors: 1 },
    ])

    // Once more changes nothing: every day is rolled up once.
    expect(await sweepPageEvents(temp.db, 90)).toEqual({ saltsDeleted: 0, rowsRolledUp: 0, eventsDeleted: 0 })
    expect(await figures(100)).toEqual(fromRaw)
  })

  it('leaves today to the raw events, and reads them for it', async () => {
    await insertEvents([{ visitor: 5, type: 'apply_clicked', daysAgo: 0 }])
    expect((await sweepPageEvents(temp.db, 1)).rowsRolledUp).toBe(0)
    expect(await rawCount(0)).toBe(1)
    expect(await figures(0)).toEqual([
      { all_sources: false, source: null, type: 'apply_clicked', step: null, events: 1, visitors: 1 },
      { all_sources: true, source: null, type: 'apply_clicked', step: null, events: 1, visitors: 1 },
    ])
  })

  it('deletes salts made more than 48 hours ago and keeps younger ones', async () => {
    await temp.db.exec(`
      INSERT INTO page_event_salts (day, salt, created_at) VALUES
        (current_date - 3, sha256('a'), now() - interval '49 hours'),
        (current_date - 2, sha256('b'), now() - interval '47 hours'),
        (current_date - 1, sha256('c'), now() - interval '1 hour')`)
    expect((await sweepPageEvents(temp.db, 90)).saltsDeleted).toBe(1)
    const kept = await temp.db.query<{ age: number }>(
      `SELECT round(extract(epoch FROM now() - created_at) / 3600)::int AS age FROM page_event_salts ORDER BY age`,
    )
    expect(kept.map((row) => row.age)).toEqual([1, 47])
  })

  it('runs when the server starts', async () => {
    await insertEvents([{ visitor: 6, type: 'page_view', daysAgo: 120 }])
    const app = buildApp({ config: parseConfig({ EVENTS_RETENTION_DAYS: '30' }), db: temp.db })
    await app.ready()
    await app.close()
    expect(await rawCount(120)).toBe(0)
    expect((await figures(120)).map((row) => row.events)).toEqual([1, 1])
  })
})
