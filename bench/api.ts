// npm run bench:api — submissions per second and latency at 1, 16 and 64
// connections, on PGlite and on PostgreSQL, beside PostgreSQL's own single-row
// insert rate (pgbench, same durability), with the ratio. The load comes from
// wrk, whose C client leaves the 2 cores to the server and the database.
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { runPgbench } from './support/pgbench.ts'
import { measureNpmStart } from './support/startup.ts'
import { LITERAL_INSERT, measureSubmissions, type SubmissionFigures as Figures } from './support/submission-load.ts'

// PostgreSQL's server and pgbench, and wrk, from Debian's packages when the machine has none.
ensureDebianPackages({ postgresql: '/usr/lib/postgresql', wrk: '/usr/bin/wrk' })

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONCURRENCY = [1, 16, 64]
// A new server process runs its first seconds about a quarter slower while V8
// compiles its hot paths (1,094–1,210/s in the first 3 s at 1 connection, then
// 1,417–1,548/s); that load is sent first and not counted, on both databases.
const WARM_UP_SECONDS = 3

/** pgbench running the same one-row INSERT into the same table, with the server's durability settings. */
async function measurePostgres(url: string, clients: number): Promise<Figures> {
  const { tps, latencyMs } = await runPgbench(url, LITERAL_INSERT, { clients, seconds: SECONDS })
  return { perSecond: tps, p50Ms: latencyMs, p99Ms: Number.NaN }
}

const format = ({ perSecond, p50Ms, p99Ms }: Figures) =>
  Number.isNaN(p99Ms)
    ? `${perSecond.toFixed(0).padStart(6)}/s · average ${p50Ms.toFixed(1)} ms`
    : `${perSecond.toFixed(0).padStart(6)}/s · p50 ${p50Ms.toFixed(1)} ms · p99 ${p99Ms.toFixed(1)} ms`

console.log(
  `Each run ${SECONDS} s, after ${WARM_UP_SECONDS} s of load not counted; wrk, the server and the database share the machine's cores. Logging at info, as in production.\n`,
)

{
  // A first start creates and migrates the data dir; the one measured is a restart.
  const target = await pgliteTarget()
  await stopServer(await startServer(target.env))
  const seconds = await measureNpmStart(target.env)
  console.log(`npm start on an existing data dir and build: ready in ${seconds.toFixed(1)} s (target < 5 s)\n`)
  await target.dispose()
}
for (const open of [pgliteTarget, postgresTarget]) {
  const target: StorageTarget = await open()
  const server = await startServer({ ...target.env, LOG_LEVEL: 'info' })
  try {
    console.log(`${target.name}`)
    measureSubmissions(server.url, { seconds: WARM_UP_SECONDS, connections: 1 })
    for (const connections of CONCURRENCY) {
      const ours = measureSubmissions(server.url, { seconds: SECONDS, connections })
      let line = `  ${String(connections).padStart(2)} connections: ours ${format(ours)}`
      if ('postgres' in target) {
        const raw = await measurePostgres(target.env.DATABASE_URL ?? '', connections)
        line += `\n                  pgbench ${format(raw)} · ratio ${(ours.perSecond / raw.perSecond).toFixed(2)}`
      }
      console.log(line)
    }
    console.log('')
  } finally {
    await stopServer(server)
    await target.dispose()
  }
}
console.log(
  'Goals: PGlite ≥ 1,400/s at 1 connection and ≥ 3,000/s at 64 with p99 ≤ 150 ms; PostgreSQL ≥ 0.6 of pgbench at 64 connections with p99 ≤ 25 ms. Command: npm run bench:api',
)
