// npm run bench:serve — requests per second and latency for the page and a
// hashed asset, from our server and from nginx serving the same files.
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget, postgresTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import {
  assertServed,
  STATIC_HEADERS as headers,
  STATIC_PACKAGES,
  startNginxLikeOurs,
  staticPaths,
} from './support/static-serving.ts'
import { runWrk } from './support/wrk.ts'

ensureDebianPackages(STATIC_PACKAGES)

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const paths = await staticPaths()

// Logging as in production: API requests at info; file hits are below that level.
// One process on the embedded database, and two (one per core, as nginx runs) on PostgreSQL.
const pglite = await pgliteTarget()
const postgres = await postgresTarget()
const single = await startServer({ ...pglite.env, LOG_LEVEL: 'info' })
const clustered = await startServer({ ...postgres.env, LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' })
// nginx adds the same security headers our server sends with this configuration.
const nginx = await startNginxLikeOurs(pglite.env)
try {
  console.log(`wrk: 2 threads, 64 connections, ${SECONDS} s per run, Accept-Encoding: br, gzip, on loopback (2 cores)`)
  console.log('nginx sends the same security headers as our server, so both answers are the same size.\n')
  for (const [label, path] of Object.entries(paths)) {
    const reference = runWrk(`${nginx.url}${path}`, { seconds: SECONDS, headers })
    const runs = {
      'ours, 1 process': runWrk(`${single.url}${path}`, { seconds: SECONDS, headers }),
      'ours, 2 processes': runWrk(`${clustered.url}${path}`, { seconds: SECONDS, headers }),
      'nginx, 2 workers': reference,
    }
    console.log(`${label} (${path})`)
    for (const [name, figures] of Object.entries(runs)) {
      const ratio =
        figures === reference
          ? ''
          : ` · ${(figures.requestsPerSecond / reference.requestsPerSecond).toFixed(2)} of nginx`
      assertServed(name, figures)
      console.log(
        `  ${name.padEnd(18)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s · p50 ${figures.p50Ms.toFixed(2)} ms · p99 ${figures.p99Ms.toFixed(2)} ms${ratio}`,
      )
    }
    console.log('')
  }
  console.log('Goal: the page and the hashed asset at 1 process at least 0.8 of nginx. Command: npm run bench:serve')
} finally {
  await nginx.stop()
  await stopServer(single)
  await stopServer(clustered)
  await pglite.dispose()
  await postgres.dispose()
}
