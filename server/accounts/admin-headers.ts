import fastifyPlugin from 'fastify-plugin'
import { ADMIN_API_PATH, ADMIN_PAGE_PATH } from '../../common/admin-api.ts'

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// The page (with or without .html or a trailing path) and its API, not /administrator.
const ADMIN_PATH = new RegExp(`^(?:${escape(ADMIN_PAGE_PATH)}|${escape(ADMIN_API_PATH)})(?:\\.html)?(?:[/?#]|$)`)

/**
 * The inbox shows personal data: no cache (the browser's, a proxy's) may keep
 * a copy, and no search engine may list it. Set on sending, so that it wins
 * over what the static site sets for its files. The Content-Security-Policy is
 * the page's, which every answer carries (http/security-headers.ts).
 * Register it on the root instance, before the inbox's routes.
 */
export const adminHeaders = fastifyPlugin(async (app) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isAdminRequest(request.routeOptions.url, request.url))
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    done(null, payload)
  })
})

/**
 * Decided by the route that answers, whose pattern is what the router matched
 * after decoding: /api/%61dmin/leads/1 is the inbox's lead route, however it is
 * spelled. The raw URL still counts for what no route answers (the not-found
 * page of a path under /admin).
 */
function isAdminRequest(route: string | undefined, url: string) {
  return (route !== undefined && ADMIN_PATH.test(route)) || ADMIN_PATH.test(url)
}
