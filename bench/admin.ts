// npm run bench:admin — the lead inbox's list over 100,000 applications, on
// PGlite and on PostgreSQL: server time of the first page, a search and
// filtered pages, the board and the live poll, p50 and p95. Each request goes through the whole app
// (routing, the session guard with a real signed-in session, the query, the
// JSON answer) by app.inject, in this process, against the real database: no
// socket, so the figures are the server's own time.
import type { Agenda } from '../common/agenda-api.ts'
import type { LeadBoard } from '../common/board-api.ts'
import type { FunnelSources } from '../common/funnel-sources-api.ts'
import type { LeadCount, LeadPage } from '../common/lead-list-api.ts'
import type { LeadDetail } from '../common/lead-page-api.ts'
import type { LeadSources } from '../common/lead-sources-api.ts'
import type { NewLeadCount } from '../common/live-api.ts'
import type { Database } from '../server/db/database.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { withFreshPglite } from './support/fresh-pglite.ts'
import { withSeededPostgres } from './support/fresh-postgres.ts'
import { openInbox, percentile, seedInbox, timeEach } from './support/inbox-timing.ts'
import { BENCH_CAMPAIGNS, seedMoney } from './support/money-seed.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const WARMUP = 20
/** Only the scenarios whose name holds this text (BENCH_ONLY=money), to look at a few closely. */
const ONLY = process.env.BENCH_ONLY ?? ''
const SOME_LEAD = (index: number) => Math.floor(LEADS / 10) + ((index * 379) % Math.floor(LEADS * 0.9))

/** The seed makes every hundredth application spam, which has no lead's page. */
const NOT_SPAM = (id: number) => (id % 100 === 0 ? id + 1 : id)

/** A seeded lead's phone (server/testing/seed-leads.ts), typed in groups of three as a person might. */
const phoneOf = (lead: number) => `555 ${String(lead).padStart(7, '0')}`.replace(/^(\d{3}) (\d{3})(\d{4})$/, '$1 $2 $3')

/** What the inbox asks most: its first page, a search (a common name and one lead's address), filters, who has not booked, the board and the live poll. */
const SCENARIOS: [string, (index: number) => string][] = [
  ['first page', () => '/leads'],
  [
    'search, common name (~8 % of leads)',
    (index) => `/leads?q=${['lovelace', 'hopper', 'turing', 'liskov'][index % 4]}`,
  ],
  // Row numbers from a tenth of the leads up are in few addresses (5@ is in many).
  ['search, one lead (email)', (index) => `/leads?q=${encodeURIComponent(`${SOME_LEAD(index)}@example`)}`],
  ['status filter (won, ~4 %)', () => '/leads?status=won'],
  [
    'status filter and a common name',
    (index) => `/leads?status=lost&q=${['lovelace', 'hopper', 'turing', 'liskov'][index % 4]}`,
  ],
  // Spaced otherwise than stored (+1 555 0001234): the search looks for the digits.
  ['search, one lead (phone, spaced)', (index) => `/leads?q=${encodeURIComponent(phoneOf(SOME_LEAD(index)))}`],
  ['source + date range', () => '/leads?source=tiktok&from=2026-01-01&to=2026-12-31'],
  ['no source, (direct)', () => `/leads?source=${encodeURIComponent('(direct)')}`],
  ['the sources seen (Source filter choices)', () => '/leads/sources'],
  ['spam view', () => '/leads?view=spam'],
  ['applied, no booking (the Bookings page)', () => '/bookings/awaiting'],
  ['the calls agenda (30 % of leads booked)', () => '/calls'],
  ['upcoming calls, soonest first (booking filter)', () => '/leads?booking=upcoming'],
  ['the board (counts, and 25 leads per status)', () => '/leads/board'],
  ['status filter (new, most leads)', () => '/leads?status=new'],
  // The list's count, asked for beside each page, up to 10,000: the whole inbox and most of a status reach the cap.
  ['count, every lead (to its cap)', () => '/leads/count'],
  ['count, status new (to its cap)', () => '/leads/count?status=new'],
  ['count, a common name', (index) => `/leads/count?q=${['lovelace', 'hopper', 'turing', 'liskov'][index % 4]}`],
  ['sorted by name, A to Z', () => '/leads?sort=name'],
  ['sorted by status, pipeline order', () => '/leads?sort=status'],
  // Owners (migrations/024): a team of five shares the leads out, a fifth each, a fifth unassigned.
  ['owner: mine (~20 %)', () => '/leads?owner=mine'],
  ['owner: unassigned (~20 %)', () => '/leads?owner=none'],
  ['owner: mine and status won', () => '/leads?owner=mine&status=won'],
  ['owner: mine, sorted by status', () => '/leads?owner=mine&sort=status'],
  ['count, mine (to its cap)', () => '/leads/count?owner=mine'],
  ['count, unassigned (to its cap)', () => '/leads/count?owner=none'],
  ['second page (cursor)', () => ''],
  // The live poll (docs/decisions/030-live-inbox.md): the nav's count, and the first page unchanged since the last read.
  ['new leads count (nav, half the leads unopened)', () => '/leads/new-count'],
  ['live poll, first page unchanged (304)', () => UNCHANGED],
  // The lead's page reads its duplicates (same email or phone within 90 days) and what was merged into it.
  ["a lead's page (duplicates, merged applications)", (index) => `/leads/${NOT_SPAM(SOME_LEAD(index))}`],
  // The Funnel's money table (ADR 045): outcomes on the won and lost leads, a year of daily spend for 6 sources.
  ['money table: sources, 30 days, last touch', () => '/funnel/sources'],
  ['money table: sources, 90 days, first touch', () => `/funnel/sources?touch=first&from=${DAYS_AGO(89)}`],
  ["money table: a source's campaigns", (index) => `/funnel/sources?source=${PAID[index % 4]}&paid=true`],
  [
    "money table: a campaign's ads",
    (index) => `/funnel/sources?source=${PAID[index % 4]}&paid=true&campaign=${BENCH_CAMPAIGNS[index % 4]}`,
  ],
]

const PAID = ['ig', 'fb', 'google', 'tiktok']
const DAYS_AGO = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

/** A scenario's path that asks for a conditional GET of the first page, answered 304. */
const UNCHANGED = 'unchanged'

interface Figures {
  name: string
  p50: number
  p95: number
  rows: number
}

const ms = (value: number) => `${value.toFixed(1)} ms`

/** What the scenarios' requests answer. */
type Answer = LeadPage | LeadBoard | LeadSources | NewLeadCount | LeadCount | LeadDetail | Agenda | FunnelSources

/** The rows an answer lists: a page's leads, the board's cards, or the sources; one lead's page; none for a count or a 304. */
const rowsOf = (answer: Answer | undefined) =>
  answer !== undefined && 'level' in answer
    ? answer.rows.length
    : answer === undefined || 'count' in answer || 'total' in answer
      ? 0
      : 'duplicates' in answer
        ? 1
        : 'columns' in answer
          ? answer.columns.reduce((sum, column) => sum + column.leads.length, 0)
          : 'sections' in answer
            ? answer.sections.reduce((sum, section) => sum + section.calls.length, 0)
            : 'sources' in answer
              ? answer.sources.length
              : answer.leads.length

/** Migrates and fills `db`; resolves to the seconds the seeding took. */
async function seed(target: string, db: Database): Promise<number> {
  const seedSeconds = await seedInbox(db, LEADS)
  await seedMoney(db)
  // Three leads in ten booked a call, from 60 days ago to 30 days ahead, one in ten of those cancelled: the agenda's rows.
  // Seeding, past the serving pool's statement timeout: each booking's trigger rereads its lead's calls (migrations/030).
  await db.exec(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at, state)
     SELECT 'calendly', 'bench-' || s.id, s.id, now() + make_interval(days => (s.id % 90)::int - 60, hours => (s.id % 24)::int),
       CASE WHEN s.id % 100 < 3 THEN 'canceled' ELSE 'scheduled' END
     FROM contact_submissions s WHERE NOT s.spam AND s.id % 10 < 3`,
  )
  // Their leads' funnel rows were rewritten by the bookings' trigger (migrations/030): autovacuum's work, done here.
  for (const table of ['bookings', 'funnel_leads']) await db.exec(`VACUUM ANALYZE ${table}`)
  process.stdout.write(`${target}: seeded ${LEADS.toLocaleString('en')} applications in ${seedSeconds.toFixed(1)} s\n`)
  return seedSeconds
}

async function measure(
  target: string,
  db: Database,
  seedSeconds: number,
): Promise<{ seedSeconds: number; figures: Figures[] }> {
  const inbox = await openInbox(db)
  try {
    // Half the leads not opened by the bench's account, as when teammates share them out: the markers and the count have rows to read.
    await db.exec(
      'INSERT INTO lead_unopened (account_id, application_id) SELECT a.id, s.id FROM admin_accounts a, contact_submissions s WHERE NOT s.spam AND s.id % 2 = 0',
    )
    await db.exec('ANALYZE lead_unopened')
    // A team of five, the bench's account one of them: each owns a fifth of the leads, and a fifth are unassigned.
    await db.exec(
      `INSERT INTO admin_accounts (email) VALUES ('mate-1@bench.example'), ('mate-2@bench.example'), ('mate-3@bench.example')`,
    )
    // By runs of 100 leads, so that each owner has leads of every status (seed-leads.ts spreads them by id % 100).
    await db.exec(`UPDATE lead_pipeline p SET owner = (
        SELECT a.id FROM admin_accounts a ORDER BY a.id OFFSET (p.application_id / 100 % 5) - 1 LIMIT 1
      ) WHERE p.application_id / 100 % 5 <> 0`)
    await db.exec('VACUUM ANALYZE lead_pipeline')
    const first = await inbox.get('/leads')
    const secondPage = `/leads?cursor=${first.nextCursor ?? ''}`
    const firstTag = await inbox.tagOf('/leads')
    const figures: Figures[] = []
    for (const [name, pathOf] of SCENARIOS.filter(([name]) => name.includes(ONLY))) {
      const path = (index: number) => pathOf(index) || secondPage
      const request = async (index: number): Promise<Answer | undefined> => {
        if (path(index) !== UNCHANGED) return inbox.get<Answer>(path(index))
        await inbox.unchanged('/leads', firstTag)
        return undefined
      }
      const { times, results } = await timeEach(request, {
        warmup: WARMUP,
        count: REQUESTS,
      })
      const rows = results.reduce((sum, page) => sum + rowsOf(page), 0)
      figures.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), rows: rows / REQUESTS })
      process.stdout.write(`${target}: ${name}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}\n`)
    }
    return { seedSeconds, figures }
  } finally {
    await inbox.close()
  }
}

const onPglite = () =>
  withFreshPglite('bench-admin-pglite-', async (db) => measure('PGlite', db, await seed('PGlite', db)))

async function onPostgres() {
  return withSeededPostgres(
    (db) => seed('PostgreSQL', db),
    (db, seedSeconds) => measure('PostgreSQL', db, seedSeconds),
  )
}

const GOALS = { PGlite: 150, PostgreSQL: 50 } as const
const results = { PGlite: await onPglite(), PostgreSQL: await onPostgres() }

process.stdout.write(
  `\n${REQUESTS} requests per row after ${WARMUP} to warm up, app.inject with a signed-in session, ${LEADS.toLocaleString('en')} applications (1 % spam), after VACUUM ANALYZE\n\n`,
)
process.stdout.write(
  '| Request | Rows | PGlite p50 | PGlite p95 | PostgreSQL p50 | PostgreSQL p95 |\n|---|---:|---:|---:|---:|---:|\n',
)
for (const [index, row] of results.PGlite.figures.entries()) {
  const postgres = results.PostgreSQL.figures[index]
  process.stdout.write(
    `| ${row.name} | ${row.rows.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(postgres?.p50 ?? NaN)} | ${ms(postgres?.p95 ?? NaN)} |\n`,
  )
}
for (const target of ['PGlite', 'PostgreSQL'] as const) {
  const worst = Math.max(...results[target].figures.map((row) => row.p95))
  process.stdout.write(
    `\n${target}: seeding took ${results[target].seedSeconds.toFixed(1)} s; worst p95 ${ms(worst)} (goal ≤ ${GOALS[target]} ms): ${worst <= GOALS[target] ? 'met' : 'NOT met'}`,
  )
}
process.stdout.write('\n')
