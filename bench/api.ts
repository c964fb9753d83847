// npm run bench:api — submissions per second and latency at 1, 16 and 64
// connections, on PGlite and on PostgreSQL, beside PostgreSQL's own single-row
// insert rate (pgbench, same durability), with the ratio. The load comes from
// wrk, whose C client leaves the 2 cores to the server and the database.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { validAnswers } from '../common/testing/valid-answers.ts'
import { findPostgresBin } from '../server/testing/postgres-server.ts'
import { startServer, stopServer, type ServerProcess } from '../reliability/support/server-process.ts'
import { SUBMIT_HEADERS } from '../reliability/support/submissions.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { measureNpmStart } from './support/startup.ts'
import { runWrk } from './support/wrk.ts'

// PostgreSQL's server and pgbench, and wrk, from Debian's packages when the machine has none.
ensureDebianPackages({ postgresql: '/usr/lib/postgresql', wrk: '/usr/bin/wrk' })

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONCURRENCY = [1, 16, 64]

// One application, sent by every request (each with its own submission_id) and
// inserted by pgbench.
const ANSWERS = validAnswers()

interface Figures {
  perSecond: number
  p50Ms: number
  p99Ms: number
}

function measureServer(server: ServerProcess, connections: number): Figures {
  const answersJson = JSON.stringify(ANSWERS).slice(0, -1)
  const runTag = randomBytes(4).toString('hex')
  const figures = runWrk(`${server.url}${CONTACT_SUBMISSIONS_PATH}`, {
    seconds: SECONDS,
    connections,
    headers: SUBMIT_HEADERS,
    script: { path: join(import.meta.dirname, 'support', 'submit.lua'), args: [runTag, answersJson] },
  })
  if (figures.non2xx || figures.socketErrors) {
    throw new Error(`${figures.non2xx} answers other than 2xx and ${figures.socketErrors} socket errors during the benchmark`)
  }
  return { perSecond: figures.requestsPerSecond, p50Ms: figures.p50Ms, p99Ms: figures.p99Ms }
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`

/** pgbench running the same one-row INSERT into the same table, with the server's durability settings. */
async function measurePostgres(url: string, clients: number): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pgbench-'))
  const script = join(dir, 'insert.sql')
  const columns = Object.keys(ANSWERS)
  await writeFile(
    script,
    `INSERT INTO contact_submissions (${columns.join(', ')}) VALUES (${Object.values(ANSWERS).map(sqlText).join(', ')});\n`,
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

console.log(`Each run ${SECONDS} s; wrk, the server and the database share the machine's cores. Logging at info, as in production.\n`)

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
      const ours = measureServer(server, connections)
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
