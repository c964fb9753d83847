// npm run bench:quick — a short form of every benchmark (serve, api, notify,
// admin, events) in a few minutes, each headline figure taken as a ratio to a
// reference measured in the same run (so that a busier or quicker machine moves
// both sides) and compared with bench/baseline.json: a ratio more than 20 %
// worse than its baseline fails the run, naming the figure. After an intended
// change, `npm run bench:quick -- --update` rewrites the baseline. Not part of
// npm test: timings have no place in tests. The sections: support/quick-sections.ts.
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startLeadReceiver, webhookEnv } from '../reliability/support/lead-webhooks.ts'
import { startServer, stopServer, type ServerProcess } from '../reliability/support/server-process.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from '../reliability/support/targets.ts'
import type { Database } from '../server/db/database.ts'
import { migrate } from '../server/db/migrate.ts'
import { openPglite } from '../server/db/pglite.ts'
import {
  compare,
  formatComparisons,
  loadBaseline,
  TOLERANCE,
  unmeasured,
  writeBaseline,
  type Figure,
} from './support/baseline.ts'
import { CPU_SPLIT, pinProcess } from './support/cpus.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import {
  adminSection,
  apiOnPgliteSection,
  notifySection,
  postgresSection,
  serveSection,
  SLICE,
  type QuickRun,
} from './support/quick-sections.ts'
import { STATIC_PACKAGES, startNginxLikeOurs } from './support/static-serving.ts'

ensureDebianPackages({ ...STATIC_PACKAGES, postgresql: '/usr/lib/postgresql' })

const BASELINE = join(import.meta.dirname, 'baseline.json')
const UPDATE = process.argv.includes('--update')

const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`
const figures: Figure[] = []
const run: QuickRun = {
  log: (line) => console.log(`[${elapsed().padStart(5)}] ${line}`),
  record: (figure) => void figures.push(figure),
}
const loadAverage = () => loadavg()[0]?.toFixed(2) ?? '?'

// Every server and database this run starts, so that a failure still stops them all.
const servers: ServerProcess[] = []
async function launch(env: Record<string, string>, cpus?: string) {
  const server = await startServer(env)
  servers.push(server)
  if (cpus !== undefined) pinProcess(server.child.pid, cpus)
  return server
}
const targets: StorageTarget[] = []
const bareDir = await mkdtemp(join(tmpdir(), 'bench-quick-bare-'))
let bare: Database | undefined
let bareOpening: Promise<Database> | undefined
let nginx: Awaited<ReturnType<typeof startNginxLikeOurs>> | undefined
const receiver = await startLeadReceiver()

run.log(`load average ${loadAverage()} (the other work on this machine moves the figures: run it on a quiet one)`)
try {
  const postgres = await postgresTarget()
  targets.push(postgres)
  const pglite = await pgliteTarget()
  targets.push(pglite)
  // Two initdb of 10–20 s each, at once, one a core: the server's on a fresh
  // PGlite, and in this process the bare loop's.
  bareOpening = openPglite(bareDir).then(async (db) => {
    bare = db
    await migrate(db)
    return db
  })
  const notifying = await launch({ ...pglite.env, ...webhookEnv([receiver.url]), LOG_LEVEL: 'info' }, CPU_SPLIT?.server)
  const db = await bareOpening
  nginx = await startNginxLikeOurs(pglite.env, { workers: 1, cpus: CPU_SPLIT?.server })
  run.log('started PostgreSQL, the server on a fresh PGlite (webhooks on), a fresh PGlite in this process, nginx')

  await notifySection(run, notifying, receiver)
  // Serving files does not touch the database: the same process serves them.
  await serveSection(run, notifying, nginx)
  await stopServer(notifying)

  // Restarted on the same data dir without webhooks, as bench:api runs.
  const serving = await launch({ ...pglite.env, LOG_LEVEL: 'info' }, CPU_SPLIT?.server)
  await apiOnPgliteSection(run, serving, db)
  await stopServer(serving)

  await postgresSection(run, await launch({ ...postgres.env, LOG_LEVEL: 'info', EVENTS_RATE_LIMIT: '0' }), postgres)
  await adminSection(run, db)
} finally {
  for (const server of servers) await stopServer(server)
  await nginx?.stop()
  await receiver.close()
  await bareOpening?.catch(() => undefined)
  await bare?.close()
  await rm(bareDir, { recursive: true, force: true })
  for (const target of targets) await target.dispose()
}

const baseline = loadBaseline(BASELINE)
const comparisons = compare(figures, baseline)
console.log('')
for (const line of formatComparisons(comparisons)) console.log(line)
for (const name of unmeasured(figures, baseline)) console.log(`${name}: in the baseline, not measured`)
const slower = comparisons.filter((comparison) => comparison.verdict === 'SLOWER')
console.log(
  `\nCommand: npm run bench:quick${UPDATE ? ' -- --update' : ''} (${elapsed()}, ${SLICE} s runs in rounds; load average ${loadAverage()} at the end)`,
)
if (UPDATE) {
  writeBaseline(BASELINE, figures, `npm run bench:quick -- --update, ${new Date().toISOString()}`)
  console.log(`Baseline rewritten: ${figures.length} figures in bench/baseline.json.`)
} else if (slower.length > 0) {
  const names = slower.map(({ figure }) => figure.name).join('; ')
  console.log(
    `SLOWER: ${slower.length} of ${figures.length} figures more than ${TOLERANCE * 100} % worse than the baseline: ${names}`,
  )
  process.exitCode = 1
} else {
  console.log(
    `OK: all ${figures.length} figures within ${TOLERANCE * 100} % of their baseline (NEW ones have none yet).`,
  )
}
