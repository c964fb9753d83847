// npm run bench:api — submissions per second and latency at 1, 16 and 64
// connections, on PGlite and on PostgreSQL, beside PostgreSQL's own single-row
// insert rate (pgbench, same durability), with the ratio.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findPostgresBin } from '../server/testing/postgres-server.ts'
import { connectionPool } from '../reliability/support/http-client.ts'
import { percentile, runLoad } from '../reliability/support/load.ts'
import { startServer, stopServer, type ServerProcess } from '../reliability/support/server-process.ts'
import { makeApplication, submit } from '../reliability/support/submissions.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { measureNpmStart } from './support/startup.ts'

// PostgreSQL's server and pgbench, from Debian's package, when the machine has none.
ensureDebianPackages({ postgresql: '/usr/lib/postgresql' })

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONCURRENCY = [1, 16, 64]

interface Figures {
  perSecond: number
  p50Ms: number
  p99Ms: number
}

async function measureServer(server: ServerProcess, connections: number): Promise<Figures> {
  const agent = connectionPool(connections)
  const { results, elapsedMs } = await runLoad({
    total: 1_000_000,
    concurrency: connections,
    maxMs: SECONDS * 1000,
    job: async (n) => {
      const started = performance.now()
      const reply = await submit(server.url, makeApplication(n), agent)
      if (reply.status !== 201) throw new Error(`HTTP ${reply.status}`)
      return performance.now() - started
    },
  })
  agent.destroy()
  const failed = results.filter((result) => result.error).length
  if (failed) throw new Error(`${failed} submissions failed during the benchmark`)
  const latencies = results.map((result) => result.value ?? Number.NaN)
  return { perSecond: (results.length / elapsedMs) * 1000, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) }
}

/** pgbench running the same one-row INSERT into the same table, with the server's durability settings. */
async function measurePostgres(url: string, clients: number): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pgbench-'))
  const script = join(dir, 'insert.sql')
  await writeFile(
    script,
    `INSERT INTO contact_submissions (instagram, name, email, phone, business, budget, revenue, challenges)
     VALUES ('@bench', 'Bench Mark', 'bench@example.com', '+1 555 0100', 'Coaching', '$2,000', '$20k', 'Reach');\n`,
  )
  const { hostname, port, username, password, pathname } = new URL(url)
  try {
    const output = execFileSync(
      join(findPostgresBin(), 'pgbench'),
      ['-n', '-f', script, '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(SECONDS), '-r',
        '-h', hostname, '-p', port, '-U', decodeURIComponent(username), pathname.slice(1)],
      { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(password) } },
    )
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN)
    const latency = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? Number.NaN)
    return { perSecond: tps, p50Ms: latency, p99Ms: Number.NaN }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const format = ({ perSecond, p50Ms, p99Ms }: Figures) =>
  Number.isNaN(p99Ms)
    ? `${perSecond.toFixed(0).padStart(6)}/s · average ${p50Ms.toFixed(1)} ms`
    : `${perSecond.toFixed(0).padStart(6)}/s · p50 ${p50Ms.toFixed(1)} ms · p99 ${p99Ms.toFixed(1)} ms`

console.log(`Each run ${SECONDS} s; the load generator runs on the same 2 cores as the server and the database.\n`)

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
    for (const connections of CONCURRENCY) {
      const ours = await measureServer(server, connections)
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
console.log('Targets: PostgreSQL ≥ 0.5 of pgbench with p99 ≤ 50 ms at 64 connections; PGlite ≥ 800/s. Command: npm run bench:api')
