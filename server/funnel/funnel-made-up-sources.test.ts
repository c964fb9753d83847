import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { EVENTS_PATH, type EventBatch } from '../../common/analytics.ts'
import { DIRECT_SOURCE, type Funnel } from '../../common/funnel-api.ts'
import {
  FUNNEL_SOURCE_ROWS,
  FUNNEL_SOURCES_CSV_COLUMNS,
  OTHER_SOURCES,
  type FunnelSource,
} from '../../common/funnel-report.ts'
import { OTHER_SOURCES_NAME } from '../../common/source-labels.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import { csvCells } from '../testing/spreadsheet-cells.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

// The outsider's attack (issue 29): 2,400 anonymous batches from 20 addresses,
// each naming a source of its own, within the default limit of 120 batches a
// minute per address. It made every Funnel read list 2,401 sources (519 KB).
const ADDRESSES = 20
const BATCHES_PER_ADDRESS = 120
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const EVENTS: EventBatch['events'] = [
  { type: 'page_view' },
  { type: 'results_viewed' },
  { type: 'apply_clicked' },
  { type: 'step_viewed', step: 1 },
  { type: 'submit_failed' },
]

/** A week long ago for the small data set, and a day for the rollup's cap: their own days, apart from today's attack. */
const SMALL = { from: '2020-03-01', to: '2020-03-07' }
const CAPPED_DAY = '2020-04-01'
// Made-up sources on CAPPED_DAY: source cap-k has k visitors, so the rollup's 200 are cap-6 to cap-205.
const CAPPED_SOURCES = 205

let temp: TempDatabase
let app: FastifyInstance
const { get } = useSignedInInbox(async (inbox) => {
  ;({ temp, app } = inbox)
  // Stored before anything is rolled up: the rollup never goes back to a day before the last it rolled up.
  await seedSmall()
  await temp.db.query(
    `INSERT INTO page_events (created_at, visitor, type, step, source, path)
     SELECT $1::timestamptz, sha256(convert_to('cap-' || k || '-' || v, 'UTF8')), 'page_view', NULL, 'cap-' || k, '/'
     FROM generate_series(1, $2::int) k, generate_series(1, k) v`,
    [`${CAPPED_DAY}T12:00:00Z`, CAPPED_SOURCES],
  )
})

async function funnelOf(query: string): Promise<{ funnel: Funnel; bytes: number }> {
  const response = await get(`/funnel?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return { funnel: response.json<Funnel>(), bytes: Buffer.byteLength(response.body) }
}

const sum = (rows: readonly FunnelSource[], key: 'visitors' | 'applications' | 'booked' | 'showed') =>
  rows.reduce((total, row) => total + row[key], 0)

interface SmallView {
  day: string
  visitor: string
  source: string | null
}
interface SmallLead {
  day: string
  /** The lead's utm_source, as sent. */
  source: string
  booking: 'scheduled' | 'canceled' | null
  spam: boolean
}
const smallViews: SmallView[] = []
const smallLeads: SmallLead[] = []

/**
 * 60 sources with 1 to 60 visitors, two spellings of one source, direct
 * visits; a lead each for small-1 to small-55 (more sources with leads than
 * the table lists), bookings for ten of them, and a spam lead.
 */
async function seedSmall() {
  const dayOf = (index: number) => `2020-03-0${1 + (index % 7)}`
  for (let source = 1; source <= 60; source++) {
    for (let visitor = 0; visitor < source; visitor++)
      smallViews.push({ day: dayOf(visitor), visitor: `v${visitor}`, source: `small-${source}` })
  }
  for (let visitor = 0; visitor < 3; visitor++)
    smallViews.push({ day: '2020-03-02', visitor: `m${visitor}`, source: 'Mixed' })
  for (let visitor = 0; visitor < 2; visitor++)
    smallViews.push({ day: '2020-03-03', visitor: `n${visitor}`, source: 'mixed' })
  for (let visitor = 0; visitor < 4; visitor++)
    smallViews.push({ day: '2020-03-04', visitor: `d${visitor}`, source: null })
  for (let source = 1; source <= 55; source++) {
    const booking = source > 10 ? null : source % 2 === 1 ? 'scheduled' : 'canceled'
    smallLeads.push({ day: dayOf(source), source: `small-${source}`, booking, spam: false })
  }
  smallLeads.push({ day: '2020-03-02', source: 'small-2', booking: 'scheduled', spam: true })

  await temp.db.query(
    `INSERT INTO page_events (created_at, visitor, type, step, source, path)
     SELECT (e.day || 'T12:00:00Z')::timestamptz, sha256(convert_to(e.visitor, 'UTF8')), 'page_view', NULL, e.source, '/'
     FROM json_to_recordset($1::json) AS e(day text, visitor text, source text)`,
    [JSON.stringify(smallViews)],
  )
  for (const [index, lead] of smallLeads.entries()) {
    const id = await insertApplication(temp.db, { spam: lead.spam })
    await temp.db.query(
      'UPDATE contact_submissions SET created_at = $1::timestamptz, attribution = $2::jsonb WHERE id = $3',
      [
        `${lead.day}T12:00:00Z`,
        JSON.stringify({
          last_touch: { utm_source: lead.source, landing_path: '/', captured_at: `${lead.day}T11:00:00Z` },
        }),
        id,
      ],
    )
    if (lead.booking !== null) {
      await temp.db.query(
        `INSERT INTO bookings (provider, provider_booking_id, application_id, state, starts_at) VALUES ('calcom', $1, $2, $3, '2020-03-09T10:00:00Z')`,
        [`made-up-sources-${index}`, id, lead.booking],
      )
    }
  }
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole)

/** The small data set's sources table, worked out from what was stored: every source, then the cap by hand. */
function expectedSmallTable(): FunnelSource[] {
  const keyOf = (source: string | null) => source?.toLowerCase() ?? DIRECT_SOURCE
  const keys = new Set([
    ...smallViews.map((view) => keyOf(view.source)),
    ...smallLeads.map((lead) => keyOf(lead.source)),
  ])
  const rows = [...keys].map((source) => {
    // Visitor-days per spelling, added up: Mixed and mixed are one source with both spellings' visitors.
    const seen = new Set(
      smallViews
        .filter((view) => keyOf(view.source) === source)
        .map((view) => `${view.source}/${view.day}/${view.visitor}`),
    )
    const own = smallLeads.filter((lead) => !lead.spam && keyOf(lead.source) === source)
    const booked = own.filter((lead) => lead.booking !== null).length
    const showed = own.filter((lead) => lead.booking === 'scheduled').length
    return { source, visitors: seen.size, applications: own.length, booked, showed }
  })
  rows.sort((a, b) => b.applications - a.applications || b.visitors - a.visitors || a.source.localeCompare(b.source))
  const figures = (row: Omit<FunnelSource, 'conversionRate' | 'bookedRate' | 'showedRate'>): FunnelSource => ({
    ...row,
    conversionRate: share(row.applications, row.visitors),
    bookedRate: share(row.booked, row.applications),
    showedRate: share(row.showed, row.booked),
  })
  const rest = rows.slice(FUNNEL_SOURCE_ROWS)
  const total = (key: 'visitors' | 'applications' | 'booked' | 'showed') => rest.reduce((sum, row) => sum + row[key], 0)
  return [
    ...rows.slice(0, FUNNEL_SOURCE_ROWS).map(figures),
    figures({
      source: OTHER_SOURCES,
      visitors: total('visitors'),
      applications: total('applications'),
      booked: total('booked'),
      showed: total('showed'),
    }),
  ]
}

describe(`the Funnel's sources, bounded, on ${DATABASE_TARGET}`, () => {
  it(`lists at most ${FUNNEL_SOURCE_ROWS} sources and Other after 2,400 batches of made-up sources from ${ADDRESSES} addresses, with the raw events' totals`, async () => {
    const run = Date.now().toString(36)
    const sent = await Promise.all(
      Array.from({ length: ADDRESSES }, async (_unused, address) => {
        const answers: number[] = []
        for (let batch = 0; batch < BATCHES_PER_ADDRESS; batch++) {
          const response = await app.inject({
            method: 'POST',
            url: EVENTS_PATH,
            remoteAddress: `198.51.100.${address + 1}`,
            headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
            payload: JSON.stringify({ path: '/', source: `junk-${run}-${address}-${batch}`, events: EVENTS }),
          })
          answers.push(response.statusCode)
        }
        return answers
      }),
    )
    // Every batch was taken: the attack stays within the per-address limit.
    expect(new Set(sent.flat())).toEqual(new Set([204]))
    const [raw] = await temp.db.query<{ sources: number; visitors: number }>(
      `SELECT count(DISTINCT source)::int AS sources, count(DISTINCT (day, visitor))::int AS visitors
         FROM page_events WHERE source LIKE $1 AND type = 'page_view'`,
      [`junk-${run}-%`],
    )
    expect(raw?.sources).toBe(ADDRESSES * BATCHES_PER_ADDRESS)

    const { funnel, bytes } = await funnelOf('')
    // Made-up sources with a visitor each: 50 of them listed, the other 2,350 summed in the last row.
    expect(funnel.bySource).toHaveLength(FUNNEL_SOURCE_ROWS + 1)
    expect(funnel.bySource.at(-1)).toMatchObject({
      source: OTHER_SOURCES,
      visitors: ADDRESSES * BATCHES_PER_ADDRESS - FUNNEL_SOURCE_ROWS,
    })
    expect(sum(funnel.bySource, 'visitors')).toBe(ADDRESSES * BATCHES_PER_ADDRESS)
    expect(funnel.totals.visitors).toBe(raw?.visitors)
    expect(funnel.sources.length).toBeLessThanOrEqual(FUNNEL_SOURCE_ROWS)
    // 2,401 rows were 519 KB: now a few kilobytes, whatever the number of sources.
    expect(bytes).toBeLessThan(16 * 1024)

    // A source past the cap that is asked for is listed, in place of the last of the 50.
    const sentSources = Array.from(
      { length: ADDRESSES * BATCHES_PER_ADDRESS },
      (_unused, index) => `junk-${run}-${Math.floor(index / BATCHES_PER_ADDRESS)}-${index % BATCHES_PER_ADDRESS}`,
    )
    const hidden = sentSources.find((source) => !funnel.bySource.some((row) => row.source === source)) ?? ''
    const chosen = (await funnelOf(`source=${encodeURIComponent(hidden)}`)).funnel
    expect(chosen.bySource).toHaveLength(FUNNEL_SOURCE_ROWS + 1)
    expect(chosen.bySource.find((row) => row.source === hidden)).toMatchObject({ visitors: 1 })
    expect(chosen.bySource.at(-1)).toMatchObject({
      source: OTHER_SOURCES,
      visitors: ADDRESSES * BATCHES_PER_ADDRESS - FUNNEL_SOURCE_ROWS,
    })

    // The download lists the same rows, Other last and named in words.
    const csv = await get('/funnel.csv')
    expect(csv.statusCode).toBe(200)
    expect(Buffer.byteLength(csv.body)).toBeLessThan(16 * 1024)
    const rows = csvCells(csv.body)
    const header = rows.findIndex((row) => row.join() === FUNNEL_SOURCES_CSV_COLUMNS.join())
    const sources = rows.slice(
      header + 1,
      rows.findIndex((row, index) => index > header && row.join('') === ''),
    )
    expect(sources).toHaveLength(FUNNEL_SOURCE_ROWS + 1)
    expect(sources.at(-1)?.slice(0, 3)).toEqual([
      OTHER_SOURCES,
      OTHER_SOURCES_NAME,
      String(ADDRESSES * BATCHES_PER_ADDRESS - FUNNEL_SOURCE_ROWS),
    ])
  }, 240_000)

  it('sums every source past the cap, visitors, applications, booked and showed, in Other, as counted from what was stored', async () => {
    const expected = expectedSmallTable()
    // Not an empty agreement: sources with leads and bookings are in Other.
    expect(expected.at(-1)).toMatchObject({ applications: 5, booked: 5, showed: 3 })
    const { funnel } = await funnelOf(`from=${SMALL.from}&to=${SMALL.to}`)
    expect(funnel.bySource).toEqual(expected)
    await temp.db.query('SELECT page_event_roll_up()')
    expect((await funnelOf(`from=${SMALL.from}&to=${SMALL.to}`)).funnel.bySource).toEqual(expected)
  })

  it('rolls up at most 200 sources of a day, the rest summed in one row, and reads that day as before', async () => {
    const before = expectedCappedDay()
    await temp.db.query('SELECT page_event_roll_up()')
    const rows = await temp.db.query<{ source: string; visitors: string }>(
      `SELECT source, visitors::text FROM page_event_daily WHERE day = $1 AND NOT all_sources AND type = 'page_view' ORDER BY visitors DESC`,
      [CAPPED_DAY],
    )
    expect(rows).toHaveLength(201)
    // cap-1 to cap-5, with 1 to 5 visitors, are the day's fewest.
    expect(rows.find((row) => row.source === OTHER_SOURCES)?.visitors).toBe('15')
    expect(rows.some((row) => row.source === 'cap-5')).toBe(false)
    const { funnel } = await funnelOf(`from=${CAPPED_DAY}&to=${CAPPED_DAY}`)
    expect(funnel.bySource.map((row) => [row.source, row.visitors])).toEqual(before)
    expect(funnel.sources).not.toContain(OTHER_SOURCES)
  })
})

/** CAPPED_DAY's table by hand: cap-205 to cap-156 with as many visitors, then the rest, 1 + 2 + … + 155. */
function expectedCappedDay(): [string, number][] {
  const listed = Array.from({ length: FUNNEL_SOURCE_ROWS }, (_unused, index): [string, number] => [
    `cap-${CAPPED_SOURCES - index}`,
    CAPPED_SOURCES - index,
  ])
  const rest = CAPPED_SOURCES - FUNNEL_SOURCE_ROWS
  return [...listed, [OTHER_SOURCES, (rest * (rest + 1)) / 2]]
}
