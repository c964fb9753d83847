import type { FastifyInstance } from 'fastify'
import { ADMIN_API_PATH, ADMIN_PAGE_PATH } from '../../common/admin-api.ts'

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// The page (with or without .html or a trailing path) and its API, not /administrator.
const ADMIN_PATH = new RegExp(`^(?:${escape(ADMIN_PAGE_PATH)}|${escape(ADMIN_API_PATH)})(?:\\.html)?(?:[/?#]|$)`)

/**
 * The inbox shows personal data: no cache (the browser's, a proxy's) may keep
 * a copy, and no search engine may list it. Set on sending, so that it wins
 * over what the static site sets for its files. The Content-Security-Policy is
 * the page's, which every answer carries (plugins/security-headers.ts).
 * Register on the root instance.
 */
export function registerAdminHeaders(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (ADMIN_PATH.test(request.url)) reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    done(null, payload)
  })
}
