import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signInSchema, type SignIn } from '../../common/admin-api-schema.ts'
import { INSECURE_TRANSPORT, TOTP_REQUIRED, type AdminSession, type AdminSetup } from '../../common/session-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database, Row } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { normalizeEmail } from './accounts.ts'
import { useBackupCode } from './backup-codes.ts'
import { verifyNothing, verifyPassword } from './passwords.ts'
import { isSecureTransport } from './secure-transport.ts'
import { sessionCookieOf, sessionOf } from './session-guard.ts'
import { createSession, deleteIdleSessions, endSession, SESSION_COOKIE, sessionCookieOptions } from './sessions.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'
import { useTotpCode } from './totp.ts'

interface AccountRow extends Row {
  id: number | string
  email: string
  /** Null for a teammate who has not used their set-up link yet. */
  password_hash: string | null
  totp_secret: string | null
  totp_enabled: boolean
}

const WRONG_CREDENTIALS = 'Wrong email or password.'

/** The routes anyone may call: the sign-in page's setup, and signing in. */
export const signInRoutes: FastifyPluginAsyncZod<{ db: Database; throttle: SignInThrottle; timeZone: string }> = async (
  app,
  { db, throttle, timeZone },
) => {
  app.get('/setup', async (request): Promise<AdminSetup> => ({ secureTransport: isSecureTransport(request) }))

  // Over plain HTTP nothing the body says matters: that is answered before the body is read.
  app.post(
    '/session',
    { preValidation: refuseInsecureTransport, schema: { body: signInSchema } },
    async (request, reply) => {
      const { body } = request
      const { account, factor } = await checkCredentials(db, throttle, body, request.ip)
      // Whatever session the browser came with is never the one it leaves with.
      await endSession(db, sessionCookieOf(request))
      const accountId = Number(account.id)
      const { id, csrfToken } = await createSession(db, accountId)
      // A backup code used is worth seeing: the account's authenticator may be lost, or its codes stolen.
      await recordAudit(db, { actor: account.email, action: 'sign-in', detail: { factor } })
      deleteIdleSessions(db).catch((error: unknown) => request.log.warn({ err: error }, 'idle sessions not deleted'))
      setSessionCookie(reply, id)
      const session: AdminSession = { email: account.email, csrfToken, totpEnabled: account.totp_enabled, timeZone }
      return session
    },
  )
}

async function refuseInsecureTransport(request: FastifyRequest) {
  if (!isSecureTransport(request)) {
    throw new ApiError(
      403,
      'This connection is not HTTPS, so the browser would drop the session cookie: open the inbox over HTTPS, or on this machine as localhost.',
      { code: INSECURE_TRANSPORT },
    )
  }
}

/** The routes of a signed-in account's own session, behind the guard. */
export const sessionRoutes: FastifyPluginAsync<{ db: Database; timeZone: string }> = async (app, { db, timeZone }) => {
  app.get('/session', async (request): Promise<AdminSession> => {
    const { email, csrfToken, totpEnabled } = sessionOf(request)
    return { email, csrfToken, totpEnabled, timeZone }
  })

  app.delete('/session', async (request, reply) => {
    await endSession(db, sessionCookieOf(request))
    await recordAudit(db, { actor: request.admin.email, action: 'sign-out' })
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions)
    return reply.code(204).send()
  })
}

export function setSessionCookie(reply: FastifyReply, id: string) {
  // No Max-Age: the cookie goes when the browser closes, and the database ends it after 12 idle hours anyway.
  reply.setCookie(SESSION_COOKIE, id, sessionCookieOptions)
}

/**
 * The account, if the password (and second factor) are right. The answer for
 * an unknown email is the one for a wrong password, after the same argon2
 * work, and both count against the throttle; a second factor is asked for only
 * once the password was right.
 */
async function checkCredentials(
  db: Database,
  throttle: SignInThrottle,
  body: SignIn,
  ip: string,
): Promise<{ account: AccountRow; factor: 'password' | 'totp' | 'backup-code' }> {
  const email = normalizeEmail(body.email)
  await throttle.attempt(email, ip)
  const [account] = await db.query<AccountRow>(
    `SELECT id, email, password_hash, totp_secret, totp_enabled_at IS NOT NULL AS totp_enabled
     FROM admin_accounts WHERE email = $1`,
    [email],
  )
  const passwordRight = account?.password_hash
    ? await verifyPassword(account.password_hash, body.password)
    : await verifyNothing(body.password)
  // A wrong guess stays counted.
  if (!account || !passwordRight) throw new ApiError(401, WRONG_CREDENTIALS)
  if (!account.totp_enabled || account.totp_secret === null) {
    await throttle.refund(email, ip, 'signed-in')
    return { account, factor: 'password' }
  }
  const code = body.code ?? ''
  if (code === '') {
    // The page asks for the code only after this answer: asking is not a wrong guess.
    await throttle.refund(email, ip, 'code-missing')
    throw new ApiError(401, 'Enter the code from your authenticator app, or a backup code.', { code: TOTP_REQUIRED })
  }
  const accountId = Number(account.id)
  const factor = /^\d{6}$/.test(code) ? 'totp' : 'backup-code'
  const right =
    factor === 'totp'
      ? await useTotpCode(db, accountId, account.totp_secret, code)
      : await useBackupCode(db, accountId, code)
  if (!right) {
    throw new ApiError(
      401,
      'That code is not right, or was already used: enter the current code, or an unused backup code.',
      {
        code: TOTP_REQUIRED,
      },
    )
  }
  await throttle.refund(email, ip, 'signed-in')
  return { account, factor }
}
