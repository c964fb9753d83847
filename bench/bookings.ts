// npm run bench:bookings — the booking webhooks' server time at 100,000 leads
// (matched by our id, by email, and a cancel), and the Funnel screen's by-source
// figures over 90 days, on PGlite and on PostgreSQL. Each request goes through
// the whole app by app.inject in this process, against the real database.
import { BOOKING_WEBHOOK_PATHS } from '../common/booking-api.ts'
import type { Funnel } from '../common/funnel-api.ts'
import { addDays } from '../common/funnel.ts'
import { utcDay } from '../common/utc-day.ts'
import { buildApp } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import type { Database } from '../server/db/database.ts'
import { calendlyDelivery, calendlyInviteeUri } from '../server/testing/booking-senders.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { withFreshPglite } from './support/fresh-pglite.ts'
import { withSeededPostgres } from './support/fresh-postgres.ts'
import { openInbox, percentile, seedInbox, timeEach } from './support/inbox-timing.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const WARMUP = 20
const KEY = 'bench-calendly-signing-key-0123456789'
const GOALS = { webhook: { PGlite: 50, PostgreSQL: 20 }, funnel: { PGlite: 100, PostgreSQL: 100 } } as const

type Target = 'PGlite' | 'PostgreSQL'
const ms = (value: number) => `${value.toFixed(1)} ms`

/** A fifth of the seeded leads have a booking already (a tenth of those cancelled, a tenth no-shows), as a running funnel would. */
async function seedBookings(db: Database) {
  await db.query(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, attendee_email, starts_at, state)
     SELECT 'calendly', 'seeded-' || id, id, email, created_at + interval '2 days',
       CASE WHEN id % 100 = 0 THEN 'canceled' WHEN id % 100 = 1 THEN 'no_show' ELSE 'scheduled' END
     FROM contact_submissions WHERE NOT spam AND id % 10 < 2`,
  )
  await db.exec('VACUUM ANALYZE bookings')
}

async function measure(target: Target, db: Database) {
  const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent', CALENDLY_WEBHOOK_SIGNING_KEY: KEY }), db })
  await app.ready()
  const inbox = await openInbox(db)
  const leads = await db.query<{ submission_id: string; email: string }>(
    `SELECT submission_id::text, email FROM contact_submissions WHERE NOT spam AND id % 10 > 1 ORDER BY id DESC LIMIT ${2 * (REQUESTS + WARMUP)}`,
  )
  const post = async (event: string, invitee: Parameters<typeof calendlyDelivery>[1]) => {
    const { body, headers } = calendlyDelivery(event, invitee, { key: KEY })
    const answer = await app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS.calendly, headers, payload: body })
    if (answer.statusCode !== 200) throw new Error(`${event}: ${answer.statusCode} ${answer.body}`)
  }
  const booked: string[] = []
  const today = utcDay(new Date())
  const scenarios: [string, (index: number) => Promise<unknown>, number][] = [
    [
      'invitee.created, matched by our id',
      async (index) => {
        const uri = calendlyInviteeUri()
        booked.push(uri)
        await post('invitee.created', { uri, salesforceUuid: leads[index]?.submission_id })
      },
      GOALS.webhook[target],
    ],
    [
      'invitee.created, matched by email',
      (index) => post('invitee.created', { email: leads[REQUESTS + WARMUP + index]?.email }),
      GOALS.webhook[target],
    ],
    // Each cancels another of the bookings made above: the warm-up's too, so none is a replay.
    ['invitee.canceled of a booking', () => post('invitee.canceled', { uri: booked.shift() }), GOALS.webhook[target]],
    [
      'Funnel, 90 days, every source (with by source)',
      () => inbox.get<Funnel>(`/funnel?from=${addDays(today, -89)}&to=${today}`),
      GOALS.funnel[target],
    ],
  ]
  const lines: string[] = []
  try {
    for (const [name, request, goal] of scenarios) {
      const { times } = await timeEach(request, { warmup: WARMUP, count: REQUESTS })
      const p95 = percentile(times, 95)
      lines.push(
        `| ${target} | ${name} | ${ms(percentile(times, 50))} | ${ms(p95)} | ≤ ${goal} ms: ${p95 <= goal ? 'met' : 'NOT met'} |`,
      )
      process.stdout.write(`${lines.at(-1)}\n`)
    }
  } finally {
    await inbox.close()
    await app.close()
  }
  return lines
}

const onPglite = () =>
  withFreshPglite('bench-bookings-pglite-', async (db) => {
    await seedInbox(db, LEADS)
    await seedBookings(db)
    return measure('PGlite', db)
  })

async function onPostgres() {
  return withSeededPostgres(
    (db) => seedInbox(db, LEADS).then(() => seedBookings(db)),
    (db) => measure('PostgreSQL', db),
  )
}

const lines = [...(await onPglite()), ...(await onPostgres())]
process.stdout.write(
  `\n${REQUESTS} requests per row after ${WARMUP} to warm up, app.inject, ${LEADS.toLocaleString('en')} applications (a fifth with a booking), after VACUUM ANALYZE\n\n`,
)
process.stdout.write('| Database | Request | p50 | p95 | Goal |\n|---|---|---:|---:|---|\n')
for (const line of lines) process.stdout.write(`${line}\n`)
