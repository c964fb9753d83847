import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { passwordChangeSchema } from '../../common/account-api-schema.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts'
import { sessionCookieOf } from './session-guard.ts'
import { endAccountSessions } from './sessions.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'

/**
 * A signed-in account changing its own password, behind the guard. The
 * current password is asked for, and wrong ones count against the sign-in
 * throttle: a session left open must not become a way to guess it, nor to
 * lock its owner out without knowing it.
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ db: Database; throttle: SignInThrottle }> = async (
  app,
  { db, throttle },
) => {
  app.post('/account/password', { schema: { body: passwordChangeSchema } }, async (request, reply) => {
    const { currentPassword, newPassword } = request.body
    const { accountId, email } = request.admin
    const problem = passwordProblem(newPassword)
    if (problem) throw new ApiError(400, problem)
    await throttle.check(email, request.ip)
    const [account] = await db.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM admin_accounts WHERE id = $1',
      [accountId],
    )
    if (!account) throw new ApiError(401, 'This account no longer exists.')
    if (account.password_hash === null || !(await verifyPassword(account.password_hash, currentPassword))) {
      await throttle.failed(email, request.ip)
      throw new ApiError(400, 'The current password is not right.', { code: 'wrong_password' })
    }
    const passwordHash = await hashPassword(newPassword)
    await db.transaction(async (tx) => {
      // Only if nobody changed it meanwhile: the check above was against this hash.
      const changed = await tx.query(
        'UPDATE admin_accounts SET password_hash = $2, password_set_at = now() WHERE id = $1 AND password_hash = $3 RETURNING 1',
        [accountId, passwordHash, account.password_hash],
      )
      if (changed.length === 0) throw new ApiError(409, 'The password was changed meanwhile, elsewhere: sign in again.')
      // Whoever knew the old password and signed in with it is signed out; this session stays.
      const sessionsEnded = await endAccountSessions(tx, accountId, sessionCookieOf(request))
      await recordAudit(tx, { actor: email, action: 'account.change-password', detail: { sessionsEnded } })
    })
    return reply.code(204).send()
  })
}
