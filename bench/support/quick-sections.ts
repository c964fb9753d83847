// The sections of npm run bench:quick (bench/quick.ts), each a short form of a
// full benchmark that records its headline figure as a ratio to a reference
// measured in the same rounds (rounds.ts): a few seconds of someone else's work
// on the machine spoil one round, not the figure.
import type { LeadReceiver } from '../../reliability/support/lead-webhooks.ts'
import type { ServerProcess } from '../../reliability/support/server-process.ts'
import type { StorageTarget } from '../../reliability/support/targets.ts'
import type { Database } from '../../server/db/database.ts'
import type { Figure } from './baseline.ts'
import { CPU_SPLIT, pinProcess } from './cpus.ts'
import { sendEvents, storedEvents } from './events-load.ts'
import { openInbox, percentile, seedInbox } from './inbox-timing.ts'
import { runPgbench } from './pgbench.ts'
import { inRounds, median, medianRatio } from './rounds.ts'
import { assertServed, STATIC_HEADERS, staticPaths } from './static-serving.ts'
import { bareInsertRate, LITERAL_INSERT, measureSubmissions, submissionWrk } from './submission-load.ts'
import { webhookBurst } from './webhook-latency.ts'
import { runWrk } from './wrk.ts'

const ROUNDS = 5
/** Seconds of each wrk run and bare-loop run in a round. */
export const SLICE = 2
/** pgbench opens its 64 connections (scram-sha-256) inside -T: up to a second of a short run. */
const PGBENCH_SECONDS = 5
const CONNECTIONS = 64
const EVENT_CONNECTIONS = 16
const BURSTS = 7
const BURST = 300
const BURST_CONNECTIONS = 16
const LEADS = 10_000
const ADMIN_REQUESTS = 1_000

export interface QuickRun {
  log(line: string): void
  record(figure: Figure): void
}

const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ')

/**
 * notify: bursts of leads at a server signing webhooks to `receiver`, run
 * first, while the outbox holds nothing else. The figure is a burst's p99
 * (201 → webhook received) over the burst's own intake (first request sent to
 * last 201), median of the bursts: the p99 alone halves over the first bursts
 * as the server warms and swings with the machine, but the intake moves with
 * it, so their ratio holds within a few % from run to run. It grows when
 * webhooks fall behind the submissions they announce.
 */
export async function notifySection(run: QuickRun, server: ServerProcess, receiver: LeadReceiver) {
  await webhookBurst(server, receiver, { size: 50, connections: BURST_CONNECTIONS, tag: 'warm-up' })
  const bursts = []
  for (let n = 0; n < BURSTS; n++)
    bursts.push(
      await webhookBurst(server, receiver, { size: BURST, connections: BURST_CONNECTIONS, tag: `burst-${n}` }),
    )
  const lost = bursts.reduce((sum, burst) => sum + burst.notReceived, 0)
  if (lost) throw new Error(`notify: ${lost} webhooks did not arrive`)
  const p99 = bursts.map((burst) => burst.p99Ms)
  const intake = bursts.map((burst) => burst.intakeMs ?? Number.NaN)
  run.log(`notify: bursts of ${BURST}: p99 ${list(p99)} ms, intake ${list(intake)} ms`)
  const ratio = medianRatio(p99, intake)
  run.record({
    name: `notify: burst of ${BURST}, p99 201 → webhook / burst intake`,
    value: median(p99),
    unit: 'ms',
    ratio,
    higherIsBetter: false,
    reference: median(intake),
  })
}

/**
 * serve: the page and the hashed asset from our one process and from nginx
 * with one worker, both on the same core, wrk on the other. Two nginx workers
 * on both cores (bench:serve) lose less than our one process does to whatever
 * else runs, which moves the ratio; one process each on one core does not.
 */
export async function serveSection(run: QuickRun, server: ServerProcess, nginx: { url: string }) {
  for (const [label, path] of Object.entries(await staticPaths())) {
    const wrk = (url: string, name: string, seconds = SLICE) => {
      const result = runWrk(`${url}${path}`, {
        seconds,
        connections: CONNECTIONS,
        headers: STATIC_HEADERS,
        cpus: CPU_SPLIT?.load,
      })
      assertServed(name, result)
      return result.requestsPerSecond
    }
    // Warm: the first second of a path runs slower while V8 compiles its code.
    wrk(server.url, 'ours', 1)
    const runs = await inRounds(ROUNDS, { nginx: () => wrk(nginx.url, 'nginx'), ours: () => wrk(server.url, 'ours') })
    run.log(`serve: ${label}: ours ${list(runs.ours)} req/s, nginx ${list(runs.nginx)} req/s`)
    const ratio = medianRatio(runs.ours, runs.nginx)
    run.record({
      name: `serve: ${label}, ours / nginx`,
      value: median(runs.ours),
      unit: 'req/s',
      ratio,
      higherIsBetter: true,
      reference: median(runs.nginx),
    })
  }
}

/**
 * api on PGlite: submissions over HTTP against a bare loop of the same INSERT
 * on a fresh PGlite in this process. Each runs on the same one core (the loop
 * with this process pinned there for its rounds), so the ratio is the share of
 * the database's own rate that the server keeps.
 */
export async function apiOnPgliteSection(run: QuickRun, server: ServerProcess, bare: Database) {
  const pinned = (measure: () => Promise<number>) => async () => {
    if (CPU_SPLIT) pinProcess(process.pid, CPU_SPLIT.server)
    try {
      return await measure()
    } finally {
      if (CPU_SPLIT) pinProcess(process.pid, CPU_SPLIT.all)
    }
  }
  const load = { connections: CONNECTIONS, cpus: CPU_SPLIT?.load }
  // Warm, answers unchecked: a restarted server stalls now and then in its first seconds.
  runWrk(...submissionWrk(server.url, { ...load, seconds: 3 }))
  await bareInsertRate(bare, { seconds: 1, concurrency: CONNECTIONS })
  const api = await inRounds(ROUNDS, {
    ours: () => measureSubmissions(server.url, { ...load, seconds: SLICE }).perSecond,
    bare: pinned(() => bareInsertRate(bare, { seconds: SLICE, concurrency: CONNECTIONS })),
  })
  run.log(`api: PGlite: ours ${list(api.ours)}/s, bare loop ${list(api.bare)}/s`)
  const ratio = medianRatio(api.ours, api.bare)
  run.record({
    name: `api: PGlite, ${CONNECTIONS} connections / bare insert loop`,
    value: median(api.ours),
    unit: 'req/s',
    ratio,
    higherIsBetter: true,
    reference: median(api.bare),
  })
}

/**
 * api and events on PostgreSQL, against pgbench's one-row INSERT of the same
 * application at 64 clients in the same rounds. Events are counted in the
 * database (the route answers 204 to events it drops too); over pgbench,
 * because each batch of 10 is one commit, as each pgbench insert is.
 */
export async function postgresSection(run: QuickRun, server: ServerProcess, postgres: StorageTarget) {
  const url = postgres.env.DATABASE_URL ?? ''
  runWrk(...submissionWrk(server.url, { seconds: 1, connections: CONNECTIONS }))
  const runs = await inRounds(ROUNDS, {
    ours: () => measureSubmissions(server.url, { seconds: SLICE, connections: CONNECTIONS }).perSecond,
    pgbench: async () =>
      (await runPgbench(url, LITERAL_INSERT, { clients: CONNECTIONS, seconds: PGBENCH_SECONDS })).tps,
    events: async () => {
      const before = await storedEvents(postgres)
      await sendEvents(server.url, { seconds: SLICE, connections: EVENT_CONNECTIONS })
      return ((await storedEvents(postgres)) - before) / SLICE
    },
  })
  run.log(`api: PostgreSQL: ours ${list(runs.ours)}/s, pgbench ${list(runs.pgbench)}/s; events ${list(runs.events)}/s`)
  const pgbench = median(runs.pgbench)
  run.record({
    name: `api: PostgreSQL, ${CONNECTIONS} connections / pgbench`,
    value: median(runs.ours),
    unit: 'req/s',
    ratio: medianRatio(runs.ours, runs.pgbench),
    higherIsBetter: true,
    reference: pgbench,
  })
  run.record({
    name: `events: PostgreSQL, ${EVENT_CONNECTIONS} connections / pgbench`,
    value: median(runs.events),
    unit: 'events/s',
    ratio: medianRatio(runs.events, runs.pgbench),
    higherIsBetter: true,
    reference: pgbench,
  })
}

/**
 * admin: the inbox's first page at LEADS leads (seeded as bench:admin seeds),
 * through the whole app by app.inject, against a lookup of one lead by its id
 * on the same database: the cheapest indexed query there is, so the ratio is
 * what the list costs beyond the database's floor. The two alternate, request
 * by request, so a pause of the machine lands on both.
 */
export async function adminSection(run: QuickRun, db: Database) {
  await db.exec('TRUNCATE contact_submissions CASCADE')
  await seedInbox(db, LEADS)
  const inbox = await openInbox(db)
  try {
    const ids = (await db.query<{ id: number }>('SELECT id::int AS id FROM contact_submissions')).map((row) => row.id)
    let lookups = 0
    const timed = (request: () => Promise<unknown>) => async () => {
      const start = performance.now()
      await request()
      return performance.now() - start
    }
    const requests = {
      list: timed(() => inbox.get('/leads')),
      lookup: timed(() =>
        db.query('SELECT id FROM contact_submissions WHERE id = $1', [ids[(lookups++ * 379) % ids.length]]),
      ),
    }
    await inRounds(50, requests)
    const times = await inRounds(ADMIN_REQUESTS, requests)
    const p95 = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        95,
      )
    const [list95, lookup95] = [p95(times.list), p95(times.lookup)]
    run.log(`admin: first page p95 ${list95.toFixed(2)} ms, id lookup p95 ${lookup95.toFixed(3)} ms`)
    const name = `admin: first page p95 at ${LEADS / 1000}k leads / id lookup p95`
    run.record({
      name,
      value: list95,
      unit: 'ms',
      ratio: list95 / lookup95,
      higherIsBetter: false,
      reference: lookup95,
    })
  } finally {
    await inbox.close()
  }
}
