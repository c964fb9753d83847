// npm run bench:funnel — the Funnel read after a flood of anonymous batches
// with made-up sources (issue 29), on PGlite: 100,000 events from 2,400
// sources, each batch a visitor of its own, beside 2,000 leads over the last
// 83 days. Two cases: every event today (the attack as it lands: raw events,
// not yet rolled up), and the events spread over the last 90 days, rolled up
// but for today. For each, GET /api/admin/funnel for the default range (30
// days) and for 90 days, p50 and p95 server time by app.inject with a
// signed-in session, the answer's size and sources; and /healthz, asked one
// request at a time by a process of its own over loopback
// (bench/support/health-prober.ts), while those reads run.
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { ADMIN_API_PATH } from '../common/admin-api.ts'
import type { Funnel } from '../common/funnel-api.ts'
import { addDays } from '../common/funnel.ts'
import { utcDay } from '../common/utc-day.ts'
import { buildApp } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import type { Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { createAdminAccount, signIn } from '../server/testing/admin-session.ts'
import { seedLeads } from '../server/testing/seed-leads.ts'
import { seedMadeUpSources } from '../server/testing/seed-made-up-sources.ts'
import { withFreshPglite } from './support/fresh-pglite.ts'
import { probeDuring } from './support/health-probe.ts'
import { percentile } from './support/inbox-timing.ts'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000)
const SOURCES = Number(process.env.BENCH_SOURCES ?? 2_400)
const LEADS = 2_000
const READS = Number(process.env.BENCH_READS ?? 30)
const WARMUP = 3
const GOAL_MS = 200
const PASSWORD = 'bench password, long enough'

interface Figures {
  case: string
  range: string
  p50: number
  p95: number
  bytes: number
  rows: number
  healthMax: number
  healthP99: number
}

const ms = (value: number) => `${value.toFixed(1)} ms`

async function measure(name: string, days: number): Promise<Figures[]> {
  return withFreshPglite('bench-funnel-', async (db: Database) => {
    await migrate(db)
    const seedStart = performance.now()
    await seedLeads(db, LEADS, { spacingSeconds: 3600 })
    await db.exec('DELETE FROM lead_outbox')
    await seedMadeUpSources(db, { events: EVENTS, sources: SOURCES, days })
    // The hourly sweep's rollup of every finished day, and the statistics the server's upkeep keeps (server/db/database-upkeep.ts).
    if (days > 1) await db.query('SELECT page_event_roll_up()')
    await db.exec('VACUUM ANALYZE')
    process.stdout.write(`${name}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`)

    const app: FastifyInstance = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db })
    await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const address = app.server.address()
      if (address === null || typeof address === 'string') throw new Error('no address')
      const email = await createAdminAccount(db, 'bench@example.com', PASSWORD)
      const { cookie } = await signIn(app, email, PASSWORD)
      const today = utcDay()
      const figures: Figures[] = []
      for (const span of [30, 90]) {
        const path = `${ADMIN_API_PATH}/funnel?from=${addDays(today, 1 - span)}&to=${today}`
        const read = async () => {
          const response = await app.inject({ url: path, headers: { cookie } })
          if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`)
          return response
        }
        for (let index = 0; index < WARMUP; index++) await read()
        const times: number[] = []
        let last = await read()
        const { latencies } = await probeDuring(`http://127.0.0.1:${address.port}`, async () => {
          for (let index = 0; index < READS; index++) {
            const start = performance.now()
            last = await read()
            times.push(performance.now() - start)
          }
        })
        times.sort((a, b) => a - b)
        const health = [...latencies].sort((a, b) => a - b)
        const row: Figures = {
          case: name,
          range: `${span} days`,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          bytes: Buffer.byteLength(last.body),
          rows: last.json<Funnel>().bySource.length,
          healthMax: health.at(-1) ?? NaN,
          healthP99: percentile(health, 99),
        }
        process.stdout.write(
          `${name}, ${row.range}: p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, ${row.rows} source rows, ${(row.bytes / 1024).toFixed(1)} KB; ` +
            `/healthz p99 ${ms(row.healthP99)}, max ${ms(row.healthMax)} (${health.length} requests)\n`,
        )
        figures.push(row)
      }
      return figures
    } finally {
      await app.close()
    }
  })
}

const results = [
  ...(await measure('every event today (raw)', 1)),
  ...(await measure('spread over 90 days (rolled up)', 90)),
]

process.stdout.write(
  `\n${EVENTS.toLocaleString('en')} events from ${SOURCES.toLocaleString('en')} made-up sources (a batch and a visitor each), ${LEADS.toLocaleString('en')} leads; ` +
    `${READS} reads per row after ${WARMUP} to warm up, app.inject with a signed-in session, PGlite; /healthz from another process meanwhile\n\n`,
)
process.stdout.write(
  '| Events | Range | p50 | p95 | Source rows | Answer | /healthz p99 | /healthz max |\n|---|---|---:|---:|---:|---:|---:|---:|\n',
)
for (const row of results) {
  process.stdout.write(
    `| ${row.case} | ${row.range} | ${ms(row.p50)} | ${ms(row.p95)} | ${row.rows} | ${(row.bytes / 1024).toFixed(1)} KB | ${ms(row.healthP99)} | ${ms(row.healthMax)} |\n`,
  )
}
const worst = Math.max(...results.map((row) => row.p50))
process.stdout.write(`\nWorst p50 ${ms(worst)} (goal ≤ ${GOAL_MS} ms): ${worst <= GOAL_MS ? 'met' : 'NOT met'}\n`)
