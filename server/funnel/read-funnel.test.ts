import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { DIRECT_SOURCE, FUNNEL_CSV_COLUMNS, FUNNEL_MAX_DAYS, type Funnel } from '../../common/funnel-api.ts'
import { addDays, FUNNEL_STAGES, funnelStageLabel, LEAD_STAGES, STEP_COUNT } from '../../common/funnel.ts'
import { utcDay } from '../../common/utc-day.ts'
import { neutraliseFormulas } from '../export/csv.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import { csvCells, formulaCells, splitCells } from '../testing/spreadsheet-cells.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { readFunnel } from './read-funnel.ts'

const DAYS = 7
const SOURCES = ['google', 'newsletter', null] as const

let temp: TempDatabase
let app: FastifyInstance
const { get } = useSignedInInbox((inbox) => {
  ;({ temp, app } = inbox)
})

async function funnelOf(query: string): Promise<Funnel> {
  const response = await get(`/funnel?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Funnel>()
}

interface SeedEvent {
  created_at: string
  visitor: string
  type: string
  step: number | null
  source: string | null
}

/** Stores events as the ingest does: a 32-byte visitor hash, the day taken from the time. */
async function storeEvents(events: readonly SeedEvent[]) {
  await temp.db.query(
    `INSERT INTO page_events (created_at, visitor, type, step, source, path)
     SELECT e.created_at, sha256(convert_to(e.visitor, 'UTF8')), e.type, e.step, e.source, '/'
     FROM json_to_recordset($1::json) AS e(created_at timestamptz, visitor text, type text, step smallint, source text)`,
    [JSON.stringify(events)],
  )
}

/** A small, seeded random source: the same events on every run and database. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * One visit: how far into the funnel it got, with some events sent twice
 * (a reload) and now and then a gate skipped (an event the page failed to send).
 */
function visit(next: () => number, visitor: string, source: string | null, at: string): SeedEvent[] {
  const gates: Omit<SeedEvent, 'created_at' | 'visitor' | 'source'>[] = [
    { type: 'page_view', step: null },
    { type: 'results_viewed', step: null },
    { type: 'results_navigated', step: null },
    { type: 'countdown_finished', step: null },
    { type: 'apply_clicked', step: null },
    ...Array.from({ length: STEP_COUNT }, (_unused, index) => [
      { type: 'step_viewed', step: index + 1 },
      { type: 'step_completed', step: index + 1 },
    ]).flat(),
    { type: 'submit_succeeded', step: null },
    { type: 'booking_opened', step: null },
    { type: 'booking_link_clicked', step: null },
  ]
  const depth = Math.floor(next() * (gates.length + 1))
  return gates.slice(0, depth).flatMap((gate) => {
    if (next() < 0.05) return []
    const event = { ...gate, created_at: at, visitor, source }
    return next() < 0.2 ? [event, event] : [event]
  })
}

/** Visits over the last DAYS days (today included) from every source, with visitors who came from two sources in a day. */
function seedVisits(today: string): SeedEvent[] {
  const next = random(20261125)
  const events: SeedEvent[] = []
  for (let back = DAYS - 1; back >= 0; back--) {
    const day = addDays(today, -back)
    // Today's events are stored at the time of the test, so they are today's whenever it runs.
    const at = back === 0 ? new Date().toISOString() : `${day}T12:00:00Z`
    for (const source of SOURCES) {
      const visitors = 8 + Math.floor(next() * 12)
      for (let index = 0; index < visitors; index++)
        events.push(...visit(next, `${day}/${source}/${index}`, source, at))
    }
    // The same visitor (hash) under two sources on one day: one visitor for the funnel of every source.
    for (let index = 0; index < 4; index++) {
      const visitor = `${day}/both/${index}`
      events.push(...visit(next, visitor, 'google', at), ...visit(next, visitor, 'newsletter', at))
    }
    // The same hash on two days counts on each: visitors are counted per day.
    events.push(...visit(next, 'every-day', 'google', at))
  }
  return events
}

/** The funnel straight from the raw events, with SQL of its own: visitor-days per gate and per day. */
async function rawFunnel(from: string, to: string, source: string | undefined) {
  const params: unknown[] = [from, to]
  let where = 'day BETWEEN $1::date AND $2::date'
  if (source === DIRECT_SOURCE) where += ' AND source IS NULL'
  else if (source !== undefined) {
    params.push(source)
    where += ' AND source = $3'
  }
  const visitorDay = `day::text || ':' || encode(visitor, 'hex')`
  const gates = await temp.db.query<{ type: string; step: number | null; visitors: string }>(
    `SELECT type, step, count(DISTINCT ${visitorDay})::text AS visitors FROM page_events WHERE ${where} GROUP BY type, step`,
    params,
  )
  const days = await temp.db.query<{ day: string; visitors: string; applications: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day,
       count(DISTINCT visitor) FILTER (WHERE type = 'page_view')::text AS visitors,
       count(DISTINCT visitor) FILTER (WHERE type = 'submit_succeeded')::text AS applications
     FROM page_events WHERE ${where} GROUP BY day`,
    params,
  )
  const visitorsOf = (type: string, step: number | null) =>
    Number(
      gates.find((row) => row.type === type && (row.step === null ? null : Number(row.step)) === step)?.visitors ?? 0,
    )
  const perDay = new Map(
    days.map((row) => [row.day, { visitors: Number(row.visitors), applications: Number(row.applications) }]),
  )
  const stages = FUNNEL_STAGES.map((stage) => ({ id: stage.id, visitors: visitorsOf(stage.event, stage.step) }))
  const everyDay: { day: string; visitors: number; applications: number }[] = []
  for (let day = from; day <= to; day = addDays(day, 1))
    everyDay.push({ day, ...(perDay.get(day) ?? { visitors: 0, applications: 0 }) })
  return { stages, days: everyDay }
}

/** The route's answer reduced to what the raw events decide, checked for its own arithmetic on the way. */
function figuresOf(funnel: Funnel) {
  // The event gates: the lead stages after them count leads, not events (lead-outcomes.test.ts).
  const gates = funnel.stages.filter((stage) => FUNNEL_STAGES.some((gate) => gate.id === stage.id))
  gates.forEach((stage, index) => {
    const before = gates[index - 1]
    expect(stage.dropOff).toBe(before === undefined ? null : before.visitors - stage.visitors)
    expect(stage.dropOffRate).toBe(
      before === undefined || before.visitors === 0 ? null : (before.visitors - stage.visitors) / before.visitors,
    )
  })
  for (const day of funnel.days)
    expect(day.conversionRate).toBe(day.visitors === 0 ? null : day.applications / day.visitors)
  return {
    stages: gates.map(({ id, visitors }) => ({ id, visitors })),
    days: funnel.days.map(({ day, visitors, applications }) => ({ day, visitors, applications })),
  }
}

describe(`the funnel on ${DATABASE_TARGET}`, () => {
  const today = utcDay()
  const first = addDays(today, 1 - DAYS)
  const ranges = [
    { name: 'the whole seeding', from: first, to: today },
    { name: 'past days only', from: first, to: addDays(today, -1) },
    { name: 'a few days in the middle', from: addDays(today, -5), to: addDays(today, -2) },
    { name: 'today only', from: today, to: today },
    { name: 'a range reaching before the events', from: addDays(today, -40), to: addDays(today, -3) },
  ]
  const sources = [undefined, 'google', 'newsletter', DIRECT_SOURCE, 'nowhere']
  const cases = ranges.flatMap((range) => sources.map((source) => ({ ...range, source })))
  const queryOf = ({ from, to, source }: { from: string; to: string; source: string | undefined }) =>
    new URLSearchParams({ from, to, ...(source === undefined ? {} : { source }) }).toString()
  const expected = new Map<string, Awaited<ReturnType<typeof rawFunnel>>>()

  it('needs a session: 401 without one', async () => {
    expect((await app.inject({ url: `${ADMIN_API_PATH}/funnel` })).statusCode).toBe(401)
    expect((await app.inject({ url: `${ADMIN_API_PATH}/funnel.csv` })).statusCode).toBe(401)
  })

  it('refuses bad dates, a backwards range and one too long, saying why', async () => {
    for (const [query, message] of [
      ['from=2026-02-30&to=2026-03-01', /from must be a date/],
      ['from=yesterday', /from must be a date/],
      ['from=2026-03-02&to=2026-03-01', /backwards/],
      ['from=2020-01-01&to=2026-01-01', /too long/],
      ['to=1999-13-01', /to must be a date/],
      ['source=x&other=1', /other/],
    ] as const) {
      for (const path of ['/funnel', '/funnel.csv']) {
        const response = await get(`${path}?${query}`)
        expect(response.statusCode, `${path}?${query}`).toBe(400)
        expect(response.json<{ message: string }>().message).toMatch(message)
      }
    }
  })

  it('counts nothing, day by day, before any event', async () => {
    const funnel = await funnelOf('')
    expect(funnel.to).toBe(today)
    expect(funnel.from).toBe(addDays(today, -29))
    expect(funnel.days).toHaveLength(30)
    expect(funnel.stages.map((stage) => stage.id)).toEqual([...FUNNEL_STAGES, ...LEAD_STAGES].map((stage) => stage.id))
    expect(funnel.stages.every((stage) => stage.visitors === 0)).toBe(true)
    expect(funnel.stages[1]).toMatchObject({ dropOff: 0, dropOffRate: null })
    expect(funnel.sources).toEqual([])
  })

  it('counts the days up to the calendar’s last, and never more than FUNNEL_MAX_DAYS, whatever range it is given', async () => {
    const lastDays = await readFunnel(temp.db, { from: '9999-12-02', to: '9999-12-31', source: undefined })
    expect(lastDays.days.map((day) => day.day)).toEqual(
      Array.from({ length: 30 }, (_, index) => `9999-12-${String(index + 2).padStart(2, '0')}`),
    )
    const centuries = await readFunnel(temp.db, { from: '1900-01-01', to: '2100-01-01', source: undefined })
    expect(centuries.days).toHaveLength(FUNNEL_MAX_DAYS)
    expect(centuries.days[0]?.day).toBe('1900-01-01')
  })

  it('counts a small day exactly: distinct visitors per gate, a visitor of two sources once in the whole', async () => {
    const day = addDays(today, -60)
    const at = `${day}T08:00:00Z`
    await storeEvents([
      { created_at: at, visitor: 'a', type: 'page_view', step: null, source: 'google' },
      { created_at: at, visitor: 'a', type: 'page_view', step: null, source: 'google' },
      { created_at: at, visitor: 'a', type: 'page_view', step: null, source: 'newsletter' },
      { created_at: at, visitor: 'b', type: 'page_view', step: null, source: null },
      { created_at: at, visitor: 'c', type: 'page_view', step: null, source: 'google' },
      { created_at: at, visitor: 'a', type: 'step_viewed', step: 1, source: 'google' },
      { created_at: at, visitor: 'c', type: 'step_viewed', step: 1, source: 'google' },
      { created_at: at, visitor: 'c', type: 'submit_succeeded', step: null, source: 'google' },
    ])
    const whole = await funnelOf(`from=${day}&to=${day}`)
    const stage = (funnel: Funnel, id: string) => funnel.stages.find((candidate) => candidate.id === id)
    expect(stage(whole, 'visitors')).toEqual({ id: 'visitors', visitors: 3, dropOff: null, dropOffRate: null })
    expect(stage(whole, 'results_viewed')).toEqual({ id: 'results_viewed', visitors: 0, dropOff: 3, dropOffRate: 1 })
    expect(stage(whole, 'step-1')).toMatchObject({ visitors: 2 })
    expect(stage(whole, 'step-2')).toEqual({ id: 'step-2', visitors: 0, dropOff: 2, dropOffRate: 1 })
    expect(whole.days).toEqual([{ day, visitors: 3, applications: 1, conversionRate: 1 / 3 }])
    expect(whole.sources).toEqual(['google', 'newsletter', DIRECT_SOURCE])
    expect(stage(await funnelOf(`from=${day}&to=${day}&source=google`), 'visitors')).toMatchObject({ visitors: 2 })
    expect(stage(await funnelOf(`from=${day}&to=${day}&source=newsletter`), 'visitors')).toMatchObject({ visitors: 1 })
    expect(
      stage(await funnelOf(`from=${day}&to=${day}&source=${encodeURIComponent(DIRECT_SOURCE)}`), 'visitors'),
    ).toMatchObject({
      visitors: 1,
    })
    // More at step 1 than clicked Apply (an event the page could not send): a negative drop-off, which the CSV keeps from being a formula.
    const csv = csvCells((await get(`/funnel.csv?from=${day}&to=${day}`)).body)
    expect(csv.find((row) => row[0] === funnelStageLabel('step-1'))).toEqual([
      funnelStageLabel('step-1'),
      '2',
      "'-2",
      '',
    ])
    await temp.db.exec('DELETE FROM page_events')
  })

  it('agrees with the raw events, for every range and source, today included', async () => {
    await storeEvents(seedVisits(today))
    for (const range of cases) {
      const raw = await rawFunnel(range.from, range.to, range.source)
      expected.set(queryOf(range), raw)
      expect(figuresOf(await funnelOf(queryOf(range))), `${range.name}, ${range.source ?? 'every source'}`).toEqual(raw)
    }
    // Not an empty agreement: the seeding reaches every gate, and the whole is less than the sum of its sources.
    const whole = expected.get(queryOf({ from: first, to: today, source: undefined }))!
    expect(whole.stages.every((stage) => stage.visitors > 0)).toBe(true)
    const bySource = SOURCES.map(
      (source) =>
        expected.get(queryOf({ from: first, to: today, source: source ?? DIRECT_SOURCE }))!.stages[0]!.visitors,
    )
    expect(whole.stages[0]!.visitors).toBeLessThan(bySource.reduce((sum, visitors) => sum + visitors, 0))
  })

  it('still agrees once the past days are rolled up, and after their raw events are deleted', async () => {
    const [rolled] = await temp.db.query<{ stored: string }>('SELECT page_event_roll_up()::text AS stored')
    expect(Number(rolled?.stored)).toBeGreaterThan(0)
    for (const range of cases)
      expect(figuresOf(await funnelOf(queryOf(range))), `${range.name}, rolled up`).toEqual(
        expected.get(queryOf(range)),
      )

    await temp.db.query(`DELETE FROM page_events WHERE day < $1::date`, [today])
    for (const range of cases) {
      expect(figuresOf(await funnelOf(queryOf(range))), `${range.name}, raw events deleted`).toEqual(
        expected.get(queryOf(range)),
      )
    }
    // Today is still read from its raw events: one more visitor shows at once.
    await storeEvents([
      { created_at: new Date().toISOString(), visitor: 'late', type: 'page_view', step: null, source: 'google' },
    ])
    const todays = await funnelOf(queryOf({ from: today, to: today, source: undefined }))
    expect(todays.stages[0]!.visitors).toBe(
      expected.get(queryOf({ from: today, to: today, source: undefined }))!.stages[0]!.visitors + 1,
    )
  })

  it('offers the sources seen in the range, most visitors first', async () => {
    const funnel = await funnelOf(queryOf({ from: first, to: today, source: undefined }))
    expect([...funnel.sources].sort()).toEqual([DIRECT_SOURCE, 'google', 'newsletter'].sort())
  })

  it('downloads the gates as the table shows them, as CSV with no cell a spreadsheet would run', async () => {
    const query = queryOf({ from: first, to: today, source: 'google' })
    const funnel = await funnelOf(query)
    const response = await get(`/funnel.csv?${query}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="funnel-${first}-to-${today}.csv"`)
    const [header, ...rest] = csvCells(response.body)
    expect(header).toEqual([...FUNNEL_CSV_COLUMNS])
    // The gates come first, up to the blank line before the sources (funnel-sources.test.ts reads those).
    const rows = rest.slice(
      0,
      rest.findIndex((row) => row.join('') === ''),
    )
    expect(rows).toEqual(
      funnel.stages.map((stage) => [
        funnelStageLabel(stage.id),
        String(stage.visitors),
        stage.dropOff === null ? '' : neutraliseFormulas(String(stage.dropOff)),
        stage.dropOffRate === null ? '' : neutraliseFormulas((stage.dropOffRate * 100).toFixed(1)),
      ]),
    )
    for (const delimiter of [',', ';', '\t']) expect(formulaCells(splitCells(response.body, delimiter))).toEqual([])
  })
})
