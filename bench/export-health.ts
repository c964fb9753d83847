// npm run bench:export — how long /healthz waits while the inbox exports, on
// PGlite and on PostgreSQL: p50, p99 and max while idle, during a CSV and a
// JSON export of 500 leads whose every answer is as long as the form allows
// and almost all spaces (the worst rows for the formula guard and the CSV
// quoting), and during a CSV and a JSON export of 100,000 ordinary leads. The
// server listens on loopback, in this process; curl downloads the export, as a
// browser would (compressed), and /healthz is asked, one request at a time, by
// a process of its own (bench/support/health-prober.ts), whose clock no held
// event loop can stop.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { applicationForm } from '../common/application-form.ts'
import { buildApp } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import type { Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { MAINTENANCE_POOL, openPostgres } from '../server/db/postgres.ts'
import { createAdminAccount, signIn } from '../server/testing/admin-session.ts'
import { startPostgresServer } from '../server/testing/postgres-server.ts'
import { seedLeads } from '../server/testing/seed-leads.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { download, readExport } from './support/export-download.ts'
import { withFreshPglite } from './support/fresh-pglite.ts'
import { probeDuring } from './support/health-probe.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql', curl: '/usr/bin/curl' })

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const LONG_LEADS = 500
const LONG_ROUNDS = 10
const IDLE_MS = 2_000
const GOAL_MS = 100
const PASSWORD = 'bench password, long enough'

// An `a`, spaces, an `a`: the longest answer the form and the table take
// (btrim must leave something), the challenges' 5,000 characters among them.
const LONGEST_ANSWERS = applicationForm
  .map((field) => `${field.key} = 'a' || repeat(' ', ${field.maxLength - 2}) || 'a'`)
  .join(', ')

interface Figures {
  scenario: string
  rows: number
  megabytes: number
  exportSeconds: number
  samples: number
  p50: number
  p99: number
  max: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const ms = (value: number) => `${value.toFixed(1)} ms`

function report(
  target: string,
  name: string,
  latencies: number[],
  seconds: number,
  { bytes, rows }: { bytes: number; rows: number },
): Figures {
  const sorted = [...latencies].sort((a, b) => a - b)
  const figures: Figures = {
    scenario: name,
    rows,
    megabytes: bytes / 1e6,
    exportSeconds: seconds,
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  }
  process.stdout.write(
    `${target}: ${name}: ${figures.rows.toLocaleString('en')} rows, ${figures.megabytes.toFixed(1)} MB in ${figures.exportSeconds.toFixed(1)} s; ` +
      `/healthz p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)} (${figures.samples} requests)\n`,
  )
  return figures
}

/** `seeder` migrates and fills the database (on PostgreSQL a pool without the serving statement timeout); the app serves from `db`. */
async function measure(target: string, db: Database, seeder: Database): Promise<Figures[]> {
  await migrate(seeder)
  const app: FastifyInstance = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const downloads = await mkdtemp(join(tmpdir(), 'bench-export-'))
  try {
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('no address')
    const url = `http://127.0.0.1:${address.port}`
    const email = await createAdminAccount(db, 'bench@example.com', PASSWORD)
    const { cookie } = await signIn(app, email, PASSWORD)
    const figures: Figures[] = []
    const idle = await probeDuring(url, () => sleep(IDLE_MS))
    figures.push(report(target, 'idle', idle.latencies, IDLE_MS / 1000, { bytes: 0, rows: 0 }))
    // `rounds` exports one after another, measured together: one export of
    // 500 leads is over too soon for a p99 of its own.
    const exportAll = async (name: string, rounds: number) => {
      // Once unmeasured, so the figures are of a server past its first export's compiling.
      for (const format of ['csv', 'json'] as const)
        await download(url, cookie, format, join(downloads, 'warm-up')).start()
      for (const format of ['csv', 'json'] as const) {
        const files = Array.from({ length: rounds }, (_, round) => join(downloads, `export-${round}.${format}`))
        const curls = files.map((file) => download(url, cookie, format, file))
        let seconds = 0
        const { latencies } = await probeDuring(url, async () => {
          const start = performance.now()
          for (const curl of curls) await curl.start()
          seconds = (performance.now() - start) / 1000 / rounds
        })
        const read = await Promise.all(files.map((file) => readExport(file, format)))
        if (read.some((one) => one.rows !== read[0]?.rows)) throw new Error('the rounds exported different rows')
        figures.push(
          report(target, `${format.toUpperCase()}, ${name}`, latencies, seconds, read[0] ?? { bytes: 0, rows: 0 }),
        )
      }
    }

    // Seeded leads are old news: the notifier would spend the run emptying the outbox.
    await seedLeads(seeder, LONG_LEADS, { spamPercent: 0 })
    await seeder.exec(`UPDATE contact_submissions SET ${LONGEST_ANSWERS}`)
    await seeder.exec('DELETE FROM lead_outbox')
    // What autovacuum soon does on PostgreSQL after a bulk change, and the
    // server's search index upkeep on PGlite: done before measuring.
    await seeder.exec('VACUUM ANALYZE')
    await exportAll(`${LONG_LEADS} leads of the longest answers`, LONG_ROUNDS)

    await seeder.exec('DELETE FROM contact_submissions')
    await seedLeads(seeder, LEADS, { spamPercent: 0 })
    await seeder.exec('DELETE FROM lead_outbox')
    await seeder.exec('VACUUM ANALYZE')
    await exportAll(`${LEADS.toLocaleString('en')} leads`, 1)
    return figures
  } finally {
    await app.close()
    await rm(downloads, { recursive: true, force: true })
  }
}

const onPglite = () => withFreshPglite('bench-export-pglite-', (db) => measure('PGlite', db, db))

async function onPostgres() {
  const server = await startPostgresServer()
  try {
    // Seeding runs past the serving pool's statement timeout, as a migration would.
    const maintenance = openPostgres(server.url(), MAINTENANCE_POOL)
    const db = openPostgres(server.url())
    try {
      return await measure('PostgreSQL', db, maintenance)
    } finally {
      await db.close()
      await maintenance.close()
    }
  } finally {
    await server.dispose()
  }
}

const results = { PGlite: await onPglite(), PostgreSQL: await onPostgres() }

process.stdout.write(
  `\n/healthz, one request at a time from another process, while curl downloads the inbox's export (compressed) over loopback; ` +
    `seconds per export; the longest answers exported ${LONG_ROUNDS} times in a row\n\n`,
)
process.stdout.write(
  '| Export | Rows | MB | PGlite s | PGlite p50 / p99 / max | PostgreSQL s | PostgreSQL p50 / p99 / max |\n|---|---:|---:|---:|---:|---:|---:|\n',
)
for (const [index, row] of results.PGlite.entries()) {
  const postgres = results.PostgreSQL[index]
  const latency = (figures: Figures | undefined) =>
    figures ? `${ms(figures.p50)} / ${ms(figures.p99)} / ${ms(figures.max)}` : ''
  process.stdout.write(
    `| ${row.scenario} | ${row.rows.toLocaleString('en')} | ${row.megabytes.toFixed(1)} | ${row.exportSeconds.toFixed(1)} | ${latency(row)} | ` +
      `${postgres?.exportSeconds.toFixed(1) ?? ''} | ${latency(postgres)} |\n`,
  )
}
for (const target of ['PGlite', 'PostgreSQL'] as const) {
  const long = results[target].filter((row) => row.scenario.includes('longest'))
  const worst = Math.max(...long.map((row) => row.max))
  process.stdout.write(
    `\n${target}: longest /healthz wait during the exports of the longest answers ${ms(worst)} (goal < ${GOAL_MS} ms): ${worst < GOAL_MS ? 'met' : 'NOT met'}`,
  )
}
process.stdout.write('\n')
