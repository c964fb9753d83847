import { describe, expect, it } from 'vitest'
import { DIRECT_SOURCE, FUNNEL_CSV_COLUMNS, type Funnel } from '../../common/funnel-api.ts'
import {
  FUNNEL_DAYS_CSV_COLUMNS,
  FUNNEL_SOURCES_CSV_COLUMNS,
  type FunnelSource,
  type FunnelTotals,
} from '../../common/funnel-report.ts'
import { addDays } from '../../common/funnel.ts'
import { utcDay } from '../../common/utc-day.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import { csvCells } from '../testing/spreadsheet-cells.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
const { get } = useSignedInInbox((inbox) => {
  ;({ temp } = inbox)
})

const today = utcDay()
/** This week (today and the six days before) and the week before it, which it is compared with. */
const current = { from: addDays(today, -6), to: today }
const previous = { from: addDays(today, -13), to: addDays(today, -7) }
const dayTime = (day: string) => (day === today ? new Date(Date.now() - 1000).toISOString() : `${day}T12:00:00Z`)

interface SeedView {
  day: string
  visitor: string
  source: string | null
}
interface SeedLead {
  day: string
  /** The source the lead's attribution names, as lead_source reads it (lower-cased); null for none. */
  source: string | null
  attribution: object | null
  bookings: ('scheduled' | 'canceled' | 'no_show')[]
  spam: boolean
}

const views: SeedView[] = []
const leads: SeedLead[] = []

/** Page views over both weeks, with a visitor seen under two sources on one day and some views sent twice. */
function seedViews() {
  const perSource: [string | null, number][] = [
    ['ig', 5],
    ['Google', 3],
    ['newsletter', 2],
    [null, 4],
  ]
  for (let back = 13; back >= 0; back--) {
    const day = addDays(today, -back)
    for (const [source, base] of perSource) {
      const count = base + (back % 3)
      for (let index = 0; index < count; index++) views.push({ day, visitor: `${source}-${index}`, source })
    }
    views.push(
      { day, visitor: 'ig-0', source: 'ig' },
      { day, visitor: 'both', source: 'ig' },
      { day, visitor: 'both', source: 'newsletter' },
    )
  }
}

/** Leads over both weeks, from utm_source, a referrer or nowhere, some booked (one twice, one cancelled), some spam. */
function seedLeads() {
  const touch = (fields: object) => ({
    last_touch: { landing_path: '/', captured_at: new Date().toISOString(), ...fields },
  })
  const kinds: Omit<SeedLead, 'day' | 'bookings' | 'spam'>[] = [
    { source: 'ig', attribution: touch({ utm_source: 'IG' }) },
    { source: 'ig', attribution: touch({ utm_source: 'ig' }) },
    { source: 'google', attribution: touch({ utm_source: 'Google' }) },
    { source: 'l.instagram.com', attribution: touch({ referrer_origin: 'https://l.instagram.com' }) },
    { source: null, attribution: null },
  ]
  for (let back = 13; back >= 0; back -= 2) {
    const day = addDays(today, -back)
    kinds.forEach((kind, index) => {
      const bookings: SeedLead['bookings'] =
        (back + index) % 3 === 0 ? ['scheduled'] : (back + index) % 5 === 0 ? ['canceled', 'scheduled'] : []
      leads.push({ ...kind, day, bookings, spam: false })
    })
    leads.push({ ...kinds[0]!, day, bookings: ['scheduled'], spam: true })
  }
}

async function store() {
  await temp.db.query(
    `INSERT INTO page_events (created_at, visitor, type, step, source, path)
     SELECT e.created_at, sha256(convert_to(e.visitor, 'UTF8')), 'page_view', NULL, e.source, '/'
     FROM json_to_recordset($1::json) AS e(created_at timestamptz, visitor text, source text)`,
    [JSON.stringify(views.map((view) => ({ ...view, created_at: dayTime(view.day) })))],
  )
  for (const [index, lead] of leads.entries()) {
    const id = await insertApplication(temp.db, { spam: lead.spam })
    await temp.db.query(
      'UPDATE contact_submissions SET created_at = $1::timestamptz, attribution = $2::jsonb WHERE id = $3',
      [dayTime(lead.day), lead.attribution === null ? null : JSON.stringify(lead.attribution), id],
    )
    for (const [number, state] of lead.bookings.entries()) {
      await temp.db.query(
        `INSERT INTO bookings (provider, provider_booking_id, application_id, state, starts_at) VALUES ('calcom', $1, $2, $3, now())`,
        [`sources-${index}-${number}`, id, state],
      )
    }
  }
}

const inRange = (range: { from: string; to: string }, day: string) => day >= range.from && day <= range.to
const share = (part: number, whole: number) => (whole === 0 ? null : part / whole)
/** Distinct visitors per day, summed: the funnel's visitor-days. */
const visitorDays = (chosen: SeedView[]) => new Set(chosen.map((view) => `${view.day}/${view.visitor}`)).size
const keyOf = (source: string | null) => source?.toLowerCase() ?? DIRECT_SOURCE

/** The sources table straight from what was seeded. */
function expectedSources(range: { from: string; to: string }): FunnelSource[] {
  const keys = new Set([...views.map((view) => keyOf(view.source)), ...leads.map((lead) => keyOf(lead.source))])
  return [...keys]
    .map((source) => {
      const visitors = visitorDays(views.filter((view) => inRange(range, view.day) && keyOf(view.source) === source))
      const own = leads.filter((lead) => !lead.spam && inRange(range, lead.day) && keyOf(lead.source) === source)
      const booked = own.filter((lead) => lead.bookings.length > 0).length
      const showed = own.filter((lead) => lead.bookings.includes('scheduled')).length
      return {
        source,
        visitors,
        applications: own.length,
        conversionRate: share(own.length, visitors),
        booked,
        showed,
        bookedRate: share(booked, own.length),
        showedRate: share(showed, booked),
      }
    })
    .filter((row) => row.visitors > 0 || row.applications > 0)
}

/** The headline figures straight from what was seeded, for one source (as the query names it) or every one. */
function expectedTotals(range: { from: string; to: string }, source?: string): FunnelTotals {
  // As the server compares them: the events' sources as sent, the leads' lower-cased.
  const matches = (seeded: string | null) =>
    source === undefined || (source === DIRECT_SOURCE ? seeded === null : seeded === source)
  const visitors = visitorDays(views.filter((view) => inRange(range, view.day) && matches(view.source)))
  const own = leads.filter((lead) => !lead.spam && inRange(range, lead.day) && matches(lead.source))
  const booked = own.filter((lead) => lead.bookings.length > 0).length
  return {
    ...range,
    visitors,
    applications: own.length,
    conversionRate: share(own.length, visitors),
    booked,
    bookedRate: share(booked, own.length),
  }
}

async function funnelOf(range: { from: string; to: string }, source?: string): Promise<Funnel> {
  const query = new URLSearchParams({ ...range, ...(source === undefined ? {} : { source }) })
  const response = await get(`/funnel?${query.toString()}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Funnel>()
}

const bySourceName = (rows: FunnelSource[]) => [...rows].sort((a, b) => a.source.localeCompare(b.source))

describe(`the funnel's sources and comparison on ${DATABASE_TARGET}`, () => {
  it('has each source’s visitors, applications, booked and rates as the raw events and leads count them, this week and last', async () => {
    seedViews()
    seedLeads()
    await store()
    for (const range of [current, previous]) {
      const funnel = await funnelOf(range)
      expect(bySourceName(funnel.bySource)).toEqual(bySourceName(expectedSources(range)))
      // Not an empty agreement: every kind of row is there.
      expect(funnel.bySource.find((row) => row.source === 'ig')).toMatchObject({ applications: expect.any(Number) })
      expect(funnel.bySource.some((row) => row.booked > 0 && row.conversionRate !== null)).toBe(true)
    }
  })

  it('gives the headline figures of the range and of the week before it, for every source and for one', async () => {
    for (const source of [undefined, 'ig', 'google', DIRECT_SOURCE, 'nowhere']) {
      const funnel = await funnelOf(current, source)
      expect(funnel.totals, `${source ?? 'every source'}, this week`).toEqual(expectedTotals(current, source))
      expect(funnel.previous, `${source ?? 'every source'}, last week`).toEqual(expectedTotals(previous, source))
      // The comparison is the previous period's own figures, as asking for it shows them.
      expect((await funnelOf(previous, source)).totals).toEqual(funnel.previous)
    }
    const every = await funnelOf(current)
    expect(every.totals.visitors).toBeGreaterThan(0)
    expect(every.previous?.applications).toBeGreaterThan(0)
    expect(every.totals.booked).toBeGreaterThan(0)
  })

  it('still agrees once the past days are rolled up', async () => {
    await temp.db.query('SELECT page_event_roll_up()')
    const funnel = await funnelOf(current)
    expect(bySourceName(funnel.bySource)).toEqual(bySourceName(expectedSources(current)))
    expect(funnel.previous).toEqual(expectedTotals(previous))
  })

  it('has no period before the calendar’s first day to compare with', async () => {
    expect((await funnelOf({ from: '0001-01-01', to: '0001-01-07' })).previous).toBeNull()
  })

  it('downloads the sources and the days after the gates, each table under its own header', async () => {
    const funnel = await funnelOf(current)
    const response = await get(`/funnel.csv?from=${current.from}&to=${current.to}`)
    const rows = csvCells(response.body)
    const blanks = rows.flatMap((row, index) => (row.join('') === '' ? [index] : []))
    expect(blanks).toHaveLength(2)
    const [first, second] = blanks as [number, number]
    expect(rows[0]).toEqual([...FUNNEL_CSV_COLUMNS])
    expect(rows.slice(1, first)).toHaveLength(funnel.stages.length)
    expect(rows[first + 1]).toEqual([...FUNNEL_SOURCES_CSV_COLUMNS])
    const percent = (share: number | null) => (share === null ? '' : (share * 100).toFixed(1))
    expect(rows.slice(first + 2, second)).toEqual(
      funnel.bySource.map((row) => [
        row.source,
        (
          { ig: 'Instagram', 'l.instagram.com': 'Instagram', google: 'Google', newsletter: 'Newsletter' } as Record<
            string,
            string
          >
        )[row.source] ?? '',
        String(row.visitors),
        String(row.applications),
        percent(row.conversionRate),
        String(row.booked),
        percent(row.bookedRate),
        String(row.showed),
        percent(row.showedRate),
      ]),
    )
    expect(rows[second + 1]).toEqual([...FUNNEL_DAYS_CSV_COLUMNS])
    expect(rows.slice(second + 2)).toEqual(
      funnel.days.map((day) => [day.day, String(day.visitors), String(day.applications), percent(day.conversionRate)]),
    )
  })
})
