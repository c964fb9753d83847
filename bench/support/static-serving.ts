import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parseConfig } from '../../server/config.ts'
import { securityHeaders } from '../../server/http/security-headers.ts'
import { readSiteManifest } from '../../server/http/site-manifest.ts'
import { startNginx } from './nginx.ts'
import type { WrkFigures } from './wrk.ts'

/** What wrk needs for the static benchmarks: the built site, the packages serving it. */
export const WEB_ROOT = join(import.meta.dirname, '..', '..', 'dist', 'web')
export const STATIC_PACKAGES = {
  wrk: '/usr/bin/wrk',
  nginx: '/usr/sbin/nginx',
  'libnginx-mod-http-brotli-static': '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
}
/** As a browser asks, so both servers send their precompressed files. */
export const STATIC_HEADERS = { 'Accept-Encoding': 'br, gzip' }

/** The page and the largest hashed file a first view loads (the entry script). */
export async function staticPaths() {
  const entry = (await readdir(join(WEB_ROOT, 'assets'))).find((name) => /^index-.*\.js$/.test(name))
  if (!entry) throw new Error('No hashed entry script in dist/web/assets: run npm run build first.')
  return { page: '/', 'hashed asset': `/assets/${entry}` }
}

/** nginx serving the same files with the security headers our server sends for `env`, so both answers are the same size. */
export function startNginxLikeOurs(env: Record<string, string>, options?: { workers?: number; cpus?: string }) {
  return startNginx(WEB_ROOT, securityHeaders({ ...parseConfig(env), ...readSiteManifest(WEB_ROOT) }), options)
}

/** A run that met errors or measured nothing is no figure: stop rather than compare it. */
export function assertServed(name: string, figures: WrkFigures) {
  if (figures.non2xx || figures.socketErrors || !(figures.requestsPerSecond > 0)) {
    throw new Error(
      `${name}: ${figures.non2xx} answers other than 2xx, ${figures.socketErrors} socket errors, ${figures.requestsPerSecond} req/s`,
    )
  }
}
