// npm run bench:serve — requests per second and latency for the page and a
// hashed asset, from our server and from nginx serving the same files.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget } from '../reliability/support/targets.ts'
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

const target = await pgliteTarget()
const ours = await startServer({ ...target.env, LOG_LEVEL: 'silent' })
const nginx = await startNginx(webRoot)
try {
  console.log(`wrk: 2 threads, 64 connections, ${SECONDS} s per run, Accept-Encoding: br, gzip, on loopback\n`)
  for (const [label, path] of Object.entries(paths)) {
    const server = runWrk(`${ours.url}${path}`, { seconds: SECONDS, headers })
    const reference = runWrk(`${nginx.url}${path}`, { seconds: SECONDS, headers })
    const line = (name: string, figures: typeof server) =>
      `  ${name.padEnd(7)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s · p50 ${figures.p50Ms.toFixed(2)} ms · p99 ${figures.p99Ms.toFixed(2)} ms${figures.non2xx ? ` · ${figures.non2xx} non-2xx` : ''}`
    console.log(`${label} (${path})`)
    console.log(line('ours', server))
    console.log(line('nginx', reference))
    console.log(`  ratio ${(server.requestsPerSecond / reference.requestsPerSecond).toFixed(2)} of nginx (target ≥ 0.5)\n`)
  }
  console.log('Command: npm run bench:serve')
} finally {
  await nginx.stop()
  await stopServer(ours)
  await target.dispose()
}
