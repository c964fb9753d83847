import fastifyCookie from '@fastify/cookie'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.ts'
import { AdminError, answerAdminError } from './admin-error.ts'
import { adminFunnelRoutes } from './funnel-routes.ts'
import './admin-request.ts'
import { adminLeadRoutes } from './lead-routes.ts'
import { sessionGuard } from './session-guard.ts'
import { sessionRoutes, signInRoutes } from './session-routes.ts'
import { createSignInThrottle } from './sign-in-throttle.ts'
import { totpRoutes } from './totp-routes.ts'

export interface AdminApiOptions {
  db: Database
  /** ADMIN_SESSION_MAX_DAYS: how long a session lasts from sign-in, however busy. */
  sessionMaxDays: number
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The lead inbox's API, registered with the prefix ADMIN_API_PATH. Signing in
 * (and the sign-in page's setup) is open; everything else sits in a child
 * context whose guard requires a session, and for changes its CSRF token
 * (docs/decisions/019-admin-sessions.md). A route added there is guarded
 * without saying so.
 */
export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (app, { db, sessionMaxDays }) => {
  await app.register(fastifyCookie)
  // Null until the guard sets it; only guarded routes read it.
  app.decorateRequest('admin', null as unknown as FastifyRequest['admin'])
  app.setErrorHandler(answerAdminError)

  // JSON only: a form another site posts (text/plain, urlencoded, multipart)
  // needs no preflight, so it is refused before it reaches a route.
  app.removeContentTypeParser('text/plain')

  // Browsers say where a request comes from in Sec-Fetch-Site, which pages cannot
  // set: a change started by another site is refused even before the token check.
  app.addHook('onRequest', async (request) => {
    const site = request.headers['sec-fetch-site']
    if (CHANGES.has(request.method) && site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AdminError(403, 'Changes to the inbox are only accepted from the inbox itself.')
    }
  })

  const throttle = createSignInThrottle(db)
  await app.register(signInRoutes, { db, throttle })

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', sessionGuard(db, sessionMaxDays))
    await guarded.register(sessionRoutes, { db })
    await guarded.register(totpRoutes, { db, throttle })
    await guarded.register(adminLeadRoutes, { db })
    await guarded.register(adminFunnelRoutes, { db })
    // Unknown paths answer 404 only to the signed in: nobody else learns which exist.
    guarded.all('/*', async () => {
      throw new AdminError(404, 'There is no such inbox route.')
    })
  })
}
