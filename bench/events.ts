// npm run bench:events — funnel events stored per second, in batches of 10 as
// the page sends them, on PGlite and on PostgreSQL; then applications per
// second while the events keep coming, beside applications alone and (on
// PostgreSQL) pgbench's single-row insert rate, with the ratio. Events are
// counted in the database after each run, not from the answers: the route
// answers 204 to events it drops, too.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { EVENTS_PATH, type EventBatch } from '../common/analytics.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { validAnswers } from '../common/testing/valid-answers.ts'
import { openDatabase } from '../server/db/open-database.ts'
import { BATCH_HEADERS } from '../reliability/support/hostile-batches.ts'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { SUBMIT_HEADERS } from '../reliability/support/submissions.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { pgbenchTps } from './support/pgbench.ts'
import { runWrkAsync, type WrkFigures } from './support/wrk.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql', wrk: '/usr/bin/wrk' })

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16

// What a visitor's page sends when it gets as far as the wizard's third question.
const BATCH: EventBatch = {
  path: '/',
  source: 'newsletter',
  events: [
    { type: 'page_view' },
    { type: 'results_viewed' },
    { type: 'results_navigated' },
    { type: 'countdown_finished' },
    { type: 'apply_clicked' },
    { type: 'step_viewed', step: 1 },
    { type: 'step_completed', step: 1 },
    { type: 'step_viewed', step: 2 },
    { type: 'step_completed', step: 2 },
    { type: 'step_viewed', step: 3 },
  ],
}

const ANSWERS = validAnswers()

const sendEvents = (url: string) =>
  runWrkAsync(`${url}${EVENTS_PATH}`, {
    seconds: SECONDS,
    connections: CONNECTIONS,
    headers: BATCH_HEADERS,
    script: { path: join(import.meta.dirname, 'support', 'events.lua'), args: [JSON.stringify(BATCH)] },
  })

const sendApplications = (url: string) =>
  runWrkAsync(`${url}${CONTACT_SUBMISSIONS_PATH}`, {
    seconds: SECONDS,
    connections: CONNECTIONS,
    headers: SUBMIT_HEADERS,
    script: {
      path: join(import.meta.dirname, 'support', 'submit.lua'),
      args: [randomBytes(4).toString('hex'), JSON.stringify(ANSWERS).slice(0, -1)],
    },
  })

// A socket error (mostly wrk's 2 s timeout on a machine shared with others) is
// reported, not fatal: the events are counted in the database either way.
function assertAnswered(figures: WrkFigures | undefined, what: string) {
  if (figures?.non2xx) throw new Error(`${what}: ${figures.non2xx} answers other than 2xx`)
}

const errors = (figures: { socketErrors: number }) => (figures.socketErrors ? `, ${figures.socketErrors} socket errors` : '')

async function storedEvents(target: StorageTarget) {
  const db = await openDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR ?? '' })
  try {
    const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM page_events')
    return row?.count ?? 0
  } finally {
    await db.close()
  }
}

/**
 * One run on a freshly started server; the events it stored are counted once
 * it has stopped (the embedded database belongs to the server while it runs).
 */
async function run(target: StorageTarget, load: { events: boolean; applications: boolean }) {
  const before = await storedEvents(target)
  const server = await startServer({ ...target.env, LOG_LEVEL: 'info', EVENTS_RATE_LIMIT: '0' })
  let figures: [WrkFigures | undefined, WrkFigures | undefined]
  try {
    figures = await Promise.all([
      load.events ? sendEvents(server.url) : undefined,
      load.applications ? sendApplications(server.url) : undefined,
    ])
  } finally {
    await stopServer(server)
  }
  const [events, applications] = figures
  assertAnswered(events, 'events')
  assertAnswered(applications, 'applications')
  const stored = (await storedEvents(target)) - before
  return {
    eventsPerSecond: stored / SECONDS,
    batchP99Ms: events?.p99Ms ?? Number.NaN,
    applicationsPerSecond: applications?.requestsPerSecond ?? 0,
    applicationP99Ms: applications?.p99Ms ?? Number.NaN,
    socketErrors: (events?.socketErrors ?? 0) + (applications?.socketErrors ?? 0),
  }
}

const perSecond = (value: number) => `${value.toFixed(0)}/s`

console.log(
  `Each run ${SECONDS} s at ${CONNECTIONS} connections per load; wrk, the server and the database share the machine's cores. ` +
    'Logging at info, as in production.\n',
)
for (const open of [pgliteTarget, postgresTarget]) {
  const target: StorageTarget = await open()
  try {
    // A first start creates and migrates the database.
    await stopServer(await startServer(target.env))
    const alone = await run(target, { events: true, applications: false })
    const applicationsAlone = await run(target, { events: false, applications: true })
    const both = await run(target, { events: true, applications: true })
    console.log(target.name)
    console.log(`  events alone: ${perSecond(alone.eventsPerSecond)} stored (batches of 10, p99 ${alone.batchP99Ms.toFixed(1)} ms${errors(alone)})`)
    console.log(`  applications alone: ${perSecond(applicationsAlone.applicationsPerSecond)} (p99 ${applicationsAlone.applicationP99Ms.toFixed(1)} ms${errors(applicationsAlone)})`)
    let line =
      `  both at once: events ${perSecond(both.eventsPerSecond)} stored (p99 ${both.batchP99Ms.toFixed(1)} ms) · ` +
      `applications ${perSecond(both.applicationsPerSecond)} (p99 ${both.applicationP99Ms.toFixed(1)} ms${errors(both)})`
    if (target.env.DATABASE_URL) {
      const columns = Object.keys(ANSWERS)
      const values = Object.values(ANSWERS).map((value) => `'${value.replaceAll("'", "''")}'`)
      const tps = await pgbenchTps(
        target.env.DATABASE_URL,
        `INSERT INTO contact_submissions (${columns.join(', ')}) VALUES (${values.join(', ')});\n`,
        { clients: CONNECTIONS, seconds: SECONDS },
      )
      line += `\n  pgbench alone: ${perSecond(tps)} · applications meanwhile / pgbench ${(both.applicationsPerSecond / tps).toFixed(2)}`
    }
    console.log(`${line}\n`)
  } finally {
    await target.dispose()
  }
}
console.log(
  'Goals: ≥ 5,000 events/s on PostgreSQL, ≥ 1,500 on PGlite; applications meanwhile ≥ 0.5 × pgbench. Command: npm run bench:events',
)
