import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { ADMIN_PAGE_PATH } from '../../common/admin-api.ts'
import { SITE_MANIFEST_FILE } from '../../common/site-manifest.ts'
import { errorAnswer } from './error-answer.ts'
import type { StaticFastPath } from './static-fast-path.ts'
import {
  chooseEncoding,
  ifNoneMatch,
  loadStaticFiles,
  REVALIDATE,
  withHeadTags,
  type StaticFile,
} from './static-files.ts'

const LANDING_PAGE = '/index.html'
const NOT_FOUND_PAGE = '/404.html'
// The lead inbox is one page whose views are paths under /admin: each gets that page.
const ADMIN_PAGE = `${ADMIN_PAGE_PATH}/index.html`
// The server's own reading (site-manifest.ts), not part of the page: nobody needs its URL.
const SITE_MANIFEST = `/${SITE_MANIFEST_FILE}`

/**
 * Serves the built site from memory and answers every other path: GET and
 * HEAD get status 404 with the prerendered not-found page (404.html, made by
 * scripts/prerender.ts), which React hydrates; other methods get a JSON 404.
 * /admin and every path under it get the lead inbox's page, which shows the
 * view the path names.
 * Registered on the root instance, since the not-found handler applies to the
 * whole app. A rebuilt site needs a restart.
 * Given a fast path, it hands it the files its routes serve, read once for
 * both: the server the app listens on answers them before Fastify does.
 */
export const staticSite = fastifyPlugin<StaticSiteOptions>(async (app, options) => registerStaticSite(app, options))

interface StaticSiteOptions {
  webRoot: string
  fastPath?: StaticFastPath | undefined
  /**
   * HTML the server adds to the landing page's head (index.html), from its own
   * settings; none or empty serves the page byte for byte as built.
   */
  landingHeadTags?: string | undefined
}

async function registerStaticSite(app: FastifyInstance, { webRoot, fastPath, landingHeadTags }: StaticSiteOptions) {
  const files = await loadStaticFiles(webRoot).catch((error: unknown) => {
    app.log.warn({ err: error, webRoot }, 'no built site to serve; run npm run build')
    return new Map<string, StaticFile>()
  })
  const landing = files.get(LANDING_PAGE)
  if (landing && landingHeadTags) files.set(LANDING_PAGE, withHeadTags(landing, landingHeadTags))

  const routes = new Map<string, StaticFile>()
  for (const [path, file] of files) {
    if (path === NOT_FOUND_PAGE || path === SITE_MANIFEST) continue
    const handler = (request: FastifyRequest, reply: FastifyReply) => send(request, reply, file, 200)
    // Each file hit would add two log lines at info level; the site's traffic is the
    // proxy's to log, the API's is ours.
    const options = { logLevel: 'warn', compress: false } as const
    app.get(path, options, handler)
    routes.set(path, file)
    if (path === LANDING_PAGE) {
      app.get('/', options, handler)
      routes.set('/', file)
    }
    if (path === ADMIN_PAGE) {
      app.get(ADMIN_PAGE_PATH, options, handler)
      app.get(`${ADMIN_PAGE_PATH}/*`, options, handler)
    }
  }
  fastPath?.serve(routes)

  const notFoundPage = files.get(NOT_FOUND_PAGE)
  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && notFoundPage) {
      return send(request, reply, notFoundPage, 404)
    }
    return reply.code(404).send(errorAnswer(404))
  })
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile, status: number) {
  const encoding = chooseEncoding(request.headers['accept-encoding'], file)
  const { body, etag } = file.bodies[encoding] ?? file.bodies.identity
  reply
    .header('content-type', file.type)
    .header('cache-control', status === 200 ? file.cacheControl : REVALIDATE)
    .header('vary', 'accept-encoding')
  if (encoding !== 'identity') reply.header('content-encoding', encoding)
  if (status !== 200) return reply.code(status).send(body)
  reply.header('etag', etag)
  // Revalidating a page that has not changed costs the visitor no body at all.
  if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send()
  return reply.send(body)
}
