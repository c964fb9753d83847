// npm run bench:stall — how long /healthz waits while the inbox reads, on
// PGlite (whose statements run on the server's own thread) at 100,000 leads:
// for each request the inbox can send with a heavy filter, sort or search
// (the list, its count, a lead's neighbours, the board, the sources), the
// longest /healthz answer while that request runs ROUNDS times in a row, and
// while a tab polls the heaviest view every 3 s for 30 s as the live inbox
// does. The server listens on loopback in this process; /healthz is asked one
// request at a time by a process of its own (bench/support/health-prober.ts),
// whose clock no held event loop can stop. BENCH_POSTGRES=1 measures
// PostgreSQL too, where no statement runs on the server's thread.
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { ADMIN_API_PATH } from '../common/admin-api.ts'
import { LIVE_POLL_MS } from '../common/live-api.ts'
import { buildApp } from '../server/app.ts'
import { parseConfig } from '../server/config.ts'
import type { Database } from '../server/db/database.ts'
import { createAdminAccount, signIn } from '../server/testing/admin-session.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { withFreshPglite } from './support/fresh-pglite.ts'
import { withSeededPostgres } from './support/fresh-postgres.ts'
import { probeDuring } from './support/health-probe.ts'
import { percentile, seedInbox } from './support/inbox-timing.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 30)
const GOAL_MS = 200
const PASSWORD = 'bench password, long enough'
/** A lead in the middle of the inbox, for the neighbours. */
const MIDDLE = 'middle'

const q = (text: string) => `q=${encodeURIComponent(text)}`

/** What the inbox can ask that reads the most: the finding's 1-character search sorted by status first. */
const SCENARIOS: [string, string][] = [
  ['1 character sorted by status (§): list', `/leads?${q('§')}&sort=status`],
  ['1 character sorted by status (§): neighbours', `/leads/${MIDDLE}/neighbours?${q('§')}&sort=status`],
  ['1 character (§): count', `/leads/count?${q('§')}`],
  ['1 letter (a), newest first', `/leads?${q('a')}`],
  ['2 letters (ng) sorted by name', `/leads?${q('ng')}&sort=name`],
  ['2 digits (12) sorted by status', `/leads?${q('12')}&sort=status`],
  ['common 3 letters (com, every lead) sorted by status', `/leads?${q('com')}&sort=status`],
  ['common 3 letters (com), newest first', `/leads?${q('com')}`],
  ['common 3 letters (com) sorted by name', `/leads?${q('com')}&sort=name`],
  ['common 3 letters (com): count', `/leads/count?${q('com')}`],
  ['common 3 letters (com) sorted by status: neighbours', `/leads/${MIDDLE}/neighbours?${q('com')}&sort=status`],
  ['3 letters matching none (gma) sorted by status', `/leads?${q('gma')}&sort=status`],
  ['3 letters matching none (gma): count', `/leads/count?${q('gma')}`],
  ['a common name (hopper, ~8 %) sorted by status', `/leads?${q('hopper')}&sort=status`],
  ['a common name (hopper): count', `/leads/count?${q('hopper')}`],
  ['a common name (hopper) sorted by status: neighbours', `/leads/${MIDDLE}/neighbours?${q('hopper')}&sort=status`],
  ['a rarer fragment (lovelace12, ~0.1 %) sorted by status', `/leads?${q('lovelace12')}&sort=status`],
  [
    'a rarer fragment (lovelace12) sorted by status: neighbours',
    `/leads/${MIDDLE}/neighbours?${q('lovelace12')}&sort=status`,
  ],
  ['digits in every phone (555) sorted by status', `/leads?${q('555')}&sort=status`],
  ['digits in every phone (555): count', `/leads/count?${q('555')}`],
  ['one phone, spaced, sorted by status', `/leads?${q('555 004 2424')}&sort=status`],
  ['sorted by status, no search', '/leads?sort=status'],
  ['count, every lead (to its cap)', '/leads/count'],
  ['the board', '/leads/board'],
  ['the sources seen', '/leads/sources'],
]

/** The view the live poll repeats: the heaviest above that the server answers (not refused). */
const POLLED = [`/leads?${q('hopper')}&sort=status`, `/leads/count?${q('hopper')}`]

interface Figures {
  name: string
  status: number
  requestP50: number
  requestMax: number
  healthMax: number
  healthSamples: number
}

const ms = (value: number) => `${value.toFixed(0)} ms`

async function measure(target: string, db: Database): Promise<Figures[]> {
  const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db })
  await app.listen({ host: '127.0.0.1', port: 0 })
  try {
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('no address')
    const url = `http://127.0.0.1:${address.port}`
    const email = await createAdminAccount(db, 'bench@example.com', PASSWORD)
    const { cookie } = await signIn(app, email, PASSWORD)
    const [middle] = await db.query<{ id: string }>(
      'SELECT id::text AS id FROM contact_submissions WHERE NOT spam ORDER BY created_at DESC OFFSET $1 LIMIT 1',
      [Math.floor(LEADS / 2)],
    )
    const get = async (path: string) => {
      const response = await app.inject({
        url: `${ADMIN_API_PATH}${path.replace(MIDDLE, middle?.id ?? '1')}`,
        headers: { cookie },
      })
      return response.statusCode
    }
    const figures: Figures[] = []
    const report = (name: string, status: number, times: number[], latencies: number[]) => {
      const sorted = [...times].sort((a, b) => a - b)
      const row = {
        name,
        status,
        requestP50: percentile(sorted, 50),
        requestMax: sorted.at(-1) ?? NaN,
        healthMax: Math.max(...latencies),
        healthSamples: latencies.length,
      }
      process.stdout.write(
        `${target}: ${name}: ${status}, request p50 ${ms(row.requestP50)}, max ${ms(row.requestMax)}; /healthz max ${ms(row.healthMax)} (${row.healthSamples})\n`,
      )
      figures.push(row)
    }
    const idle = await probeDuring(url, () => sleep(2_000))
    report('idle, 2 s', 0, [0], idle.latencies)
    for (const [name, path] of SCENARIOS) {
      // Once unmeasured: the first read of a path compiles and caches what the rest reuse.
      await get(path)
      const times: number[] = []
      let status = 0
      const { latencies } = await probeDuring(url, async () => {
        for (let round = 0; round < ROUNDS; round++) {
          const start = performance.now()
          status = await get(path)
          times.push(performance.now() - start)
        }
      })
      report(name, status, times, latencies)
    }
    const times: number[] = []
    const { latencies } = await probeDuring(url, async () => {
      const end = performance.now() + POLL_SECONDS * 1000
      while (performance.now() < end) {
        const start = performance.now()
        await Promise.all(POLLED.map(get))
        times.push(performance.now() - start)
        await sleep(Math.max(0, LIVE_POLL_MS - (performance.now() - start)))
      }
    })
    report(
      `live poll of hopper sorted by status and its count, every ${LIVE_POLL_MS / 1000} s for ${POLL_SECONDS} s`,
      200,
      times,
      latencies,
    )
    return figures
  } finally {
    await app.close()
  }
}

const onPglite = () =>
  withFreshPglite('bench-stall-pglite-', async (db) => {
    const seconds = await seedInbox(db, LEADS)
    process.stdout.write(`PGlite: seeded ${LEADS.toLocaleString('en')} applications in ${seconds.toFixed(1)} s\n`)
    return measure('PGlite', db)
  })

async function onPostgres() {
  return withSeededPostgres(
    (db) => seedInbox(db, LEADS),
    (db) => measure('PostgreSQL', db),
  )
}

const pglite = await onPglite()
const postgres = process.env.BENCH_POSTGRES === '1' ? await onPostgres() : undefined

process.stdout.write(
  `\n${LEADS.toLocaleString('en')} applications (1 % spam) after VACUUM ANALYZE; each request ${ROUNDS} times in a row by app.inject with a signed-in session; ` +
    `/healthz asked one request at a time over loopback by another process\n\n`,
)
const header = postgres ? ' PostgreSQL status | PostgreSQL request max | PostgreSQL /healthz max |' : ''
process.stdout.write(
  `| Request | Status | Request p50 | Request max | /healthz max |${header}\n|---|---:|---:|---:|---:|${postgres ? '---:|---:|---:|' : ''}\n`,
)
for (const [index, row] of pglite.entries()) {
  const other = postgres?.[index]
  const extra = other ? ` ${other.status} | ${ms(other.requestMax)} | ${ms(other.healthMax)} |` : ''
  process.stdout.write(
    `| ${row.name} | ${row.status || ''} | ${ms(row.requestP50)} | ${ms(row.requestMax)} | ${ms(row.healthMax)} |${extra}\n`,
  )
}
const worst = Math.max(...pglite.map((row) => row.healthMax))
process.stdout.write(
  `\nPGlite: worst /healthz ${ms(worst)} (goal ≤ ${GOAL_MS} ms): ${worst <= GOAL_MS ? 'met' : 'NOT met'}\n`,
)
