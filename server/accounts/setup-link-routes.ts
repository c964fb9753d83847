import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { setupLinkSchema, setupPasswordSchema } from '../../common/account-api-schema.ts'
import type { SetupDone, SetupLinkInfo } from '../../common/account-api.ts'
import type { AdminSession } from '../../common/session-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { hashPassword, passwordProblem } from './passwords.ts'
import { isSecureTransport } from './secure-transport.ts'
import { sessionCookieOf } from './session-guard.ts'
import { setSessionCookie } from './session-routes.ts'
import { createSession, endSession } from './sessions.ts'
import { findSetupToken, useSetupToken } from './setup-tokens.ts'

/**
 * The set-up link's routes, open to anyone, as signing in is. The token comes
 * in the body, never the URL, so it stays out of logs. A token is 32 random
 * bytes: guessing one is hopeless, so no throttle counts the tries.
 */
export const setupLinkRoutes: FastifyPluginAsyncZod<{ db: Database; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.post('/setup-link', { schema: { body: setupLinkSchema } }, async (request): Promise<SetupLinkInfo> => {
    const { token } = request.body
    const { email, expiresAt } = await findSetupToken(db, token)
    return { email, expiresAt: expiresAt.toISOString() }
  })

  app.post(
    '/setup-link/password',
    { schema: { body: setupPasswordSchema } },
    async (request, reply): Promise<SetupDone> => {
      const { token, password } = request.body
      const problem = passwordProblem(password)
      if (problem) throw new ApiError(400, problem)
      // Checked before the costly hash, so a dead link answers at once.
      await findSetupToken(db, token)
      const passwordHash = await hashPassword(password)
      const { accountId, email } = await db.transaction(async (tx) => {
        const account = await useSetupToken(tx, token, passwordHash)
        await recordAudit(tx, { actor: account.email, action: 'account.setup' })
        return account
      })
      // Over plain HTTP the browser would drop the cookie: the teammate signs in once it is HTTPS.
      if (!isSecureTransport(request)) return { email, session: null }
      await endSession(db, sessionCookieOf(request))
      const { id, csrfToken } = await createSession(db, accountId)
      await recordAudit(db, { actor: email, action: 'sign-in', detail: { factor: 'setup-link' } })
      setSessionCookie(reply, id)
      const session: AdminSession = { email, csrfToken, totpEnabled: false, timeZone }
      return { email, session }
    },
  )
}
