import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { STEP_COUNT } from '../../common/analytics-schema.ts'
import {
  EVENTS_PATH,
  EVENTS_TABLE_PATH,
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  type EventBatch,
} from '../../common/analytics.ts'
import { utcDay } from '../../common/utc-day.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { failingDatabase } from '../testing/temp-database.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const MARKER = 'landing-e2e-run'
const ADDRESS = '203.0.113.77'

const BATCH: EventBatch = {
  path: '/',
  source: 'newsletter',
  events: [
    { type: 'page_view' },
    { type: 'apply_clicked' },
    { type: 'step_viewed', step: 1 },
    { type: 'step_completed', step: 1 },
    { type: 'step_viewed', step: 2 },
  ],
}

const temp = useTempDatabase()
beforeEach(async () => {
  // Salts stay: the app keeps the day's salt in memory, as the database has it.
  await temp.db.exec('DELETE FROM page_events; DELETE FROM page_event_daily; DELETE FROM rate_limit_hits')
})

function appWith(env: Record<string, string> = {}, db: Database = temp.db) {
  return buildApp({ config: parseConfig({ EVENTS_RATE_LIMIT: '0', ANALYTICS_ACCEPT_UA: MARKER, ...env }), db })
}

interface Send {
  body?: unknown
  userAgent?: string
  address?: string
  headers?: Record<string, string>
}

async function send(
  app: ReturnType<typeof appWith>,
  { body = BATCH, userAgent = CHROME, address = ADDRESS, headers = {} }: Send = {},
) {
  return app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    remoteAddress: address,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const storedEvents = () =>
  temp.db.query<{ type: string; step: number | null; source: string | null; path: string; visitor: string }>(
    `SELECT type, step, source, path, encode(visitor, 'hex') AS visitor FROM page_events ORDER BY type, step`,
  )

const visitorsOf = async () => new Set((await storedEvents()).map((event) => event.visitor))

describe(`POST ${EVENTS_PATH} on ${DATABASE_TARGET}`, () => {
  let app: ReturnType<typeof appWith>
  beforeAll(async () => {
    app = appWith()
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
  })

  it('stores exactly the events sent, with the batch’s path and source, and answers 204', async () => {
    const response = await send(app)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    const rows = await storedEvents()
    expect(rows.map(({ type, step, source, path }) => ({ type, step, source, path }))).toEqual([
      { type: 'apply_clicked', step: null, source: 'newsletter', path: '/' },
      { type: 'page_view', step: null, source: 'newsletter', path: '/' },
      { type: 'step_completed', step: 1, source: 'newsletter', path: '/' },
      { type: 'step_viewed', step: 1, source: 'newsletter', path: '/' },
      { type: 'step_viewed', step: 2, source: 'newsletter', path: '/' },
    ])
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1)
    expect(rows[0]?.visitor).toMatch(/^[0-9a-f]{64}$/)
  })

  it(`takes the rows a page built with VITE_API_URL inserts at ${EVENTS_TABLE_PATH}, as PostgREST would (201), from another origin`, async () => {
    const rows = BATCH.events.map((event) => ({
      path: BATCH.path,
      source: BATCH.source,
      type: event.type,
      step: event.step ?? null,
    }))
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: EVENTS_TABLE_PATH,
      headers: {
        origin: 'https://www.agency.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, prefer',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBeDefined()
    const response = await app.inject({
      method: 'POST',
      url: EVENTS_TABLE_PATH,
      remoteAddress: ADDRESS,
      headers: {
        'content-type': 'application/json',
        'user-agent': CHROME,
        origin: 'https://www.agency.example',
        prefer: 'return=minimal',
      },
      payload: JSON.stringify(rows),
    })
    expect(response.statusCode).toBe(201)
    expect((await storedEvents()).map(({ type, step, source, path }) => ({ type, step, source, path }))).toEqual([
      { type: 'apply_clicked', step: null, source: 'newsletter', path: '/' },
      { type: 'page_view', step: null, source: 'newsletter', path: '/' },
      { type: 'step_completed', step: 1, source: 'newsletter', path: '/' },
      { type: 'step_viewed', step: 1, source: 'newsletter', path: '/' },
      { type: 'step_viewed', step: 2, source: 'newsletter', path: '/' },
    ])
    const mixed = await app.inject({
      method: 'POST',
      url: EVENTS_TABLE_PATH,
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      payload: JSON.stringify([rows[0], { ...rows[1], path: '/elsewhere' }]),
    })
    expect(mixed.statusCode).toBe(400)
    expect(mixed.json()).toMatchObject({ message: expect.stringContaining('same path and source') })
  })

  it(`refuses rows at ${EVENTS_TABLE_PATH} that are not objects with 400, storing nothing`, async () => {
    const row = { path: '/', source: null, type: 'page_view', step: null }
    for (const rows of [[null], [row, null], [1], ['page_view'], [[]], null, 7]) {
      const response = await app.inject({
        method: 'POST',
        url: EVENTS_TABLE_PATH,
        remoteAddress: ADDRESS,
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        payload: JSON.stringify(rows),
      })
      expect(response.statusCode, JSON.stringify(rows)).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(/row|batch/)
    }
    expect(await storedEvents()).toEqual([])
  })

  it(`answers a refusal at ${EVENTS_TABLE_PATH} in PostgREST's shape, as the rest of /rest/v1 does`, async () => {
    const response = await app.inject({
      method: 'POST',
      url: EVENTS_TABLE_PATH,
      remoteAddress: ADDRESS,
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
      payload: JSON.stringify([7]),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      code: 'PGRST102',
      message: expect.stringMatching(/row/),
      details: null,
      hint: null,
    })
  })

  it('marks when a lead’s booking page was first opened, from the booking events naming its submission_id, and refuses the id elsewhere', async () => {
    const id = await insertApplication(temp.db)
    const [row] = await temp.db.query<{ submission_id: string }>(
      'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
      [id],
    )
    const openedAt = async () =>
      (
        await temp.db.query<{ at: string | null }>(
          'SELECT booking_opened_at::text AS at FROM lead_pipeline WHERE application_id = $1',
          [id],
        )
      )[0]?.at
    expect(await openedAt()).toBeNull()
    const opened = { path: '/', events: [{ type: 'booking_opened', submission_id: row?.submission_id }] }
    expect((await send(app, { body: opened })).statusCode).toBe(204)
    const first = await openedAt()
    expect(first).not.toBeNull()
    // A later click on the link keeps the first time.
    const clicked = { path: '/', events: [{ type: 'booking_link_clicked', submission_id: row?.submission_id }] }
    expect((await send(app, { body: clicked })).statusCode).toBe(204)
    expect(await openedAt()).toBe(first)

    for (const events of [
      [{ type: 'page_view', submission_id: row?.submission_id }],
      [{ type: 'booking_opened', submission_id: 'not-a-uuid' }],
    ]) {
      const refused = await send(app, { body: { path: '/', events } })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ details: [expect.objectContaining({ field: 'events.0.submission_id' })] })
    }
  })

  it('takes application/json as well, and a batch without a source as direct', async () => {
    const response = await send(app, {
      body: { path: '/thanks', events: [{ type: 'booking_opened' }] },
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(204)
    expect((await storedEvents()).map(({ type, source, path }) => ({ type, source, path }))).toEqual([
      { type: 'booking_opened', source: null, path: '/thanks' },
    ])
  })

  it('gives the same visitor the same hash within a day, and another address or browser another', async () => {
    await send(app)
    await send(app)
    expect((await visitorsOf()).size).toBe(1)
    await send(app, { userAgent: FIREFOX })
    expect((await visitorsOf()).size).toBe(2)
    await send(app, { address: '198.51.100.4' })
    expect((await visitorsOf()).size).toBe(3)
  })

  it('gives the same visitor a new hash the next day, from a new salt', async () => {
    await send(app)
    const [today] = await visitorsOf()
    const nextDay = new Date(Date.now() + 24 * 60 * 60 * 1000)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(nextDay)
      await temp.db.exec('DELETE FROM page_events')
      await send(app)
    } finally {
      vi.useRealTimers()
    }
    const tomorrow = await visitorsOf()
    expect(tomorrow.size).toBe(1)
    expect(tomorrow.has(today ?? '')).toBe(false)
    const salts = await temp.db.query<{ day: string }>('SELECT day::text AS day FROM page_event_salts')
    expect(salts.map((salt) => salt.day)).toContain(utcDay(nextDay))
  })

  it('hashes as the database’s page_event_visitor does, so Supabase’s trigger counts alike', async () => {
    await send(app)
    const [stored] = await visitorsOf()
    const [fromSql] = await temp.db.query<{ hash: string }>(
      `SELECT encode(page_event_visitor($1, $2, 'localhost:80'), 'hex') AS hash`,
      [ADDRESS, CHROME],
    )
    expect(stored).toBe(fromSql?.hash)
  })

  it('keeps neither the address nor the User-Agent in any column of any table', async () => {
    await send(app, { address: ADDRESS })
    await send(app, { address: '2001:db8::1234' })
    const dump = await temp.db.query<{ text: string }>(
      `SELECT row_to_json(e)::text AS text FROM page_events e
       UNION ALL SELECT row_to_json(s)::text FROM page_event_salts s`,
    )
    expect(dump.length).toBeGreaterThan(0)
    for (const { text } of dump) {
      for (const secret of [ADDRESS, '2001:db8::1234', '2001:db8:0:0:0:0:0:1234', 'Chrome/131'])
        expect(text).not.toContain(secret)
    }
  })

  it('counts nothing from a visitor that sends Sec-GPC: 1', async () => {
    const response = await send(app, { headers: { 'sec-gpc': '1' } })
    expect(response.statusCode).toBe(204)
    expect(await storedEvents()).toEqual([])
  })

  it('drops robots and headless browsers without telling them, and counts the test marker', async () => {
    for (const userAgent of [GOOGLEBOT, HEADLESS, 'curl/8.5.0', '']) {
      const response = await send(app, { userAgent })
      expect(response.statusCode, userAgent).toBe(204)
    }
    expect(await storedEvents()).toEqual([])
    expect((await send(app, { userAgent: `${HEADLESS} ${MARKER}` })).statusCode).toBe(204)
    expect(await storedEvents()).toHaveLength(BATCH.events.length)
  })

  it('takes a batch of exactly MAX_BATCH_BYTES and MAX_BATCH_EVENTS', async () => {
    const events = Array.from({ length: MAX_BATCH_EVENTS }, () => ({ type: 'results_navigated' }))
    const json = JSON.stringify({ path: '/', events })
    const body = json.slice(0, -1) + ' '.repeat(MAX_BATCH_BYTES - Buffer.byteLength(json)) + '}'
    expect(Buffer.byteLength(body)).toBe(MAX_BATCH_BYTES)
    expect((await send(app, { body })).statusCode).toBe(204)
    expect(await storedEvents()).toHaveLength(MAX_BATCH_EVENTS)
  })

  const refused: [string, unknown, RegExp][] = [
    [
      'one event too many',
      { path: '/', events: Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => ({ type: 'page_view' })) },
      /events: must hold at most 50 events/,
    ],
    ['no events', { path: '/', events: [] }, /at least one event/],
    [
      'an unknown type',
      { path: '/', events: [{ type: 'page_view' }, { type: 'purchase' }] },
      /events\.1\.type: must be one of page_view/,
    ],
    ['step 0', { path: '/', events: [{ type: 'step_viewed', step: 0 }] }, /events\.0\.step: must be from 1 to/],
    [
      'a step past the last question',
      { path: '/', events: [{ type: 'step_completed', step: STEP_COUNT + 1 }] },
      /events\.0\.step/,
    ],
    ['a fractional step', { path: '/', events: [{ type: 'step_viewed', step: 1.5 }] }, /whole number/],
    [
      'a step event without its step',
      { path: '/', events: [{ type: 'step_viewed' }] },
      /events\.0\.step: is required for step_viewed/,
    ],
    [
      'a step on an event without one',
      { path: '/', events: [{ type: 'page_view', step: 1 }] },
      /events\.0\.step: is only for/,
    ],
    ['a path with a query', { path: '/?email=a@b.c', events: [{ type: 'page_view' }] }, /path: must start with \//],
    ['a path that is not a path', { path: 'https://x.test/', events: [{ type: 'page_view' }] }, /path/],
    [
      'a long source',
      { path: '/', source: 'x'.repeat(101), events: [{ type: 'page_view' }] },
      /source: must be at most 100/,
    ],
    [
      'a NUL in the source',
      { path: '/', source: 'a\u0000b', events: [{ type: 'page_view' }] },
      /source: must hold no control/,
    ],
    ['no path', { events: [{ type: 'page_view' }] }, /path/],
    ['a list instead of a batch', [{ type: 'page_view' }], /batch/],
    ['malformed JSON', '{"path": "/", "events": [', /not JSON/],
    ['an empty body', '', /empty/],
  ]
  it.each(refused)('refuses %s with 400 and a message, storing nothing', async (_name, body, message) => {
    const response = await send(app, { body })
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(message)
    expect(await storedEvents()).toEqual([])
  })

  it('refuses a body one byte over MAX_BATCH_BYTES with 413, storing nothing', async () => {
    const json = JSON.stringify(BATCH)
    const body = json.slice(0, -1) + ' '.repeat(MAX_BATCH_BYTES + 1 - Buffer.byteLength(json)) + '}'
    const response = await send(app, { body })
    expect(response.statusCode).toBe(413)
    expect(response.json<{ message: string }>().message).toMatch(/over 8192 bytes/)
    expect(await storedEvents()).toEqual([])
  })

  it('answers a JSON sender’s CORS preflight from another origin', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: EVENTS_PATH,
      headers: {
        origin: 'https://landing.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('*')
    expect(String(response.headers['access-control-allow-headers'])).toContain('content-type')
  })

  it('refuses other media types with 415', async () => {
    const response = await send(app, { headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(response.statusCode).toBe(415)
    expect(await storedEvents()).toEqual([])
  })
})

describe(`${EVENTS_PATH} settings on ${DATABASE_TARGET}`, () => {
  it('limits batches per address per minute with 429 (on PostgreSQL, counted in the database for every instance)', async () => {
    const app = appWith({ EVENTS_RATE_LIMIT: '3', ...temp.env })
    try {
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await send(app)).statusCode)
      expect(statuses).toEqual([204, 204, 204, 429])
      const refusal = await send(app)
      expect(refusal.headers['retry-after']).toMatch(/^\d+$/)
      expect(refusal.json<{ message: string }>().message).toMatch(/At most 3 batches per minute/)
      expect((await send(app, { address: '198.51.100.9' })).statusCode).toBe(204)
      expect(await storedEvents()).toHaveLength(4 * BATCH.events.length)
    } finally {
      await app.close()
    }
  })

  it(`counts ${EVENTS_PATH} and ${EVENTS_TABLE_PATH} as one: the limit spent on either is spent on both`, async () => {
    const app = appWith({ EVENTS_RATE_LIMIT: '3', ...temp.env })
    const rows = (address: string) =>
      app.inject({
        method: 'POST',
        url: EVENTS_TABLE_PATH,
        remoteAddress: address,
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        payload: JSON.stringify([{ path: '/', source: null, type: 'page_view', step: null }]),
      })
    try {
      const spentOnBatches = []
      for (let i = 0; i < 3; i++) spentOnBatches.push((await send(app)).statusCode)
      expect(spentOnBatches).toEqual([204, 204, 204])
      expect((await rows(ADDRESS)).statusCode).toBe(429)

      const other = '198.51.100.9'
      const spentOnRows = []
      for (let i = 0; i < 3; i++) spentOnRows.push((await rows(other)).statusCode)
      expect(spentOnRows).toEqual([201, 201, 201])
      const refusal = await send(app, { address: other })
      expect(refusal.statusCode).toBe(429)
      expect(refusal.headers['retry-after']).toMatch(/^\d+$/)
      expect(await storedEvents()).toHaveLength(3 * BATCH.events.length + 3)
    } finally {
      await app.close()
    }
  })

  it('stores nothing with ANALYTICS=off, still answering 204', async () => {
    const app = appWith({ ANALYTICS: 'off' })
    try {
      expect((await send(app)).statusCode).toBe(204)
      expect((await send(app, { body: 'not even JSON' })).statusCode).toBe(204)
      expect(await storedEvents()).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('drops events with 204 when the database fails, and still refuses a bad batch with 400', async () => {
    const app = appWith(
      {},
      failingDatabase(() => Object.assign(new Error('connection refused'), { code: '08006' })),
    )
    try {
      expect((await send(app)).statusCode).toBe(204)
      expect((await send(app, { body: '[' })).statusCode).toBe(400)
    } finally {
      await app.close()
    }
  })

  it('drops events with 204 while the database is closed, and stores them again once it is back', async () => {
    const app = appWith()
    try {
      await app.ready()
      await temp.db.close()
      expect((await send(app)).statusCode).toBe(204)
    } finally {
      await app.close()
      await temp.reopen()
    }
    const again = appWith()
    try {
      expect((await send(again)).statusCode).toBe(204)
      expect(await storedEvents()).toHaveLength(BATCH.events.length)
    } finally {
      await again.close()
    }
  })
})
