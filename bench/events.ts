// npm run bench:events — funnel events stored per second, in batches of 10 as
// the page sends them, on PGlite and on PostgreSQL; then applications per
// second while the events keep coming, beside applications alone and (on
// PostgreSQL) pgbench's single-row insert rate, with the ratio. Events are
// counted in the database after each run, not from the answers: the route
// answers 204 to events it drops, too.
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { runEventsLoad } from './support/events-load.ts'
import { pgbenchTps } from './support/pgbench.ts'
import { LITERAL_INSERT } from './support/submission-load.ts'

ensureDebianPackages({ postgresql: '/usr/lib/postgresql', wrk: '/usr/bin/wrk' })

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 16
const run = (target: StorageTarget, load: { events: boolean; applications: boolean }) =>
  runEventsLoad(target, { ...load, seconds: SECONDS, connections: CONNECTIONS })

const errors = (figures: { socketErrors: number }) =>
  figures.socketErrors ? `, ${figures.socketErrors} socket errors` : ''

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
    console.log(
      `  events alone: ${perSecond(alone.eventsPerSecond)} stored (batches of 10, p99 ${alone.batchP99Ms.toFixed(1)} ms${errors(alone)})`,
    )
    console.log(
      `  applications alone: ${perSecond(applicationsAlone.applicationsPerSecond)} (p99 ${applicationsAlone.applicationP99Ms.toFixed(1)} ms${errors(applicationsAlone)})`,
    )
    let line =
      `  both at once: events ${perSecond(both.eventsPerSecond)} stored (p99 ${both.batchP99Ms.toFixed(1)} ms) · ` +
      `applications ${perSecond(both.applicationsPerSecond)} (p99 ${both.applicationP99Ms.toFixed(1)} ms${errors(both)})`
    if (target.env.DATABASE_URL) {
      const tps = await pgbenchTps(target.env.DATABASE_URL, LITERAL_INSERT, { clients: CONNECTIONS, seconds: SECONDS })
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
