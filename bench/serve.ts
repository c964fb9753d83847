// npm run bench:serve — requests per second and latency for the page and a
// hashed asset, from our server and from nginx serving the same files.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parseConfig } from '../server/config.ts'
import { securityHeaders } from '../server/plugins/security-headers.ts'
import { readSiteManifest } from '../server/site-manifest.ts'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget, postgresTarget } from '../reliability/support/targets.ts'
import { ensureDebianPackages } from './support/debian-packages.ts'
import { startNginx } from './support/nginx.ts'
import { runWrk } from './support/wrk.ts'

ensureDebianPackages({
  wrk: '/usr/bin/wrk',
  nginx: '/usr/sbin/nginx',
  'libnginx-mod-http-brotli-static': '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
})

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const webRoot = join(import.meta.dirname, '..', 'dist', 'web')
const entry = (await readdir(join(webRoot, 'assets'))).find((name) => /^index-.*\.js$/.test(name))
if (!entry) throw new Error('No hashed entry script in dist/web/assets: run npm run build first.')
const paths = { page: '/', 'hashed asset': `/assets/${entry}` }
const headers = { 'Accept-Encoding': 'br, gzip' }

// Logging as in production: API requests at info; file hits are below that level.
// One process on the embedded database, and two (one per core, as nginx runs) on PostgreSQL.
const pglite = await pgliteTarget()
const postgres = await postgresTarget()
const single = await startServer({ ...pglite.env, LOG_LEVEL: 'info' })
const clustered = await startServer({ ...postgres.env, LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' })
// nginx adds the same security headers our server sends with this configuration.
const nginx = await startNginx(webRoot, securityHeaders({ ...parseConfig(pglite.env), ...readSiteManifest(webRoot) }))
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
      const ratio = figures === reference ? '' : ` · ${(figures.requestsPerSecond / reference.requestsPerSecond).toFixed(2)} of nginx`
      if (figures.non2xx || figures.socketErrors || !(figures.requestsPerSecond > 0)) {
        throw new Error(`${name}: ${figures.non2xx} answers other than 2xx, ${figures.socketErrors} socket errors, ${figures.requestsPerSecond} req/s`)
      }
      console.log(
        `  ${name.padEnd(18)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s · p50 ${figures.p50Ms.toFixed(2)} ms · p99 ${figures.p99Ms.toFixed(2)} ms${ratio}`,
      )
    }
    console.log('')
  }
  console.log('Target: at least 0.5 of nginx. Command: npm run bench:serve')
} finally {
  await nginx.stop()
  await stopServer(single)
  await stopServer(clustered)
  await pglite.dispose()
  await postgres.dispose()
}
