import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import QRCode from 'qrcode'
import { totpDisableSchema, totpEnableSchema } from '../../common/admin-api-schema.ts'
import type { TotpEnabled, TotpSetup } from '../../common/session-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database, Row } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { newBackupCodes, storeBackupCodes, useBackupCode } from './backup-codes.ts'
import { sessionCookieOf } from './session-guard.ts'
import { endAccountSessions } from './sessions.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'
import { newTotpSecret, totpStep, totpUrl, useTotpCode } from './totp.ts'

interface TotpRow extends Row {
  totp_secret: string | null
  totp_enabled: boolean
}

const ALREADY_ON = 'Two-factor sign-in is already on: turn it off first to set up a new app.'

/**
 * Turning the second factor on and off, behind the guard. Wrong codes count
 * against the sign-in throttle: a stolen session must not become a way to
 * guess them.
 */
export const totpRoutes: FastifyPluginAsyncZod<{ db: Database; throttle: SignInThrottle }> = async (
  app,
  { db, throttle },
) => {
  const totpOf = async (accountId: number) => {
    const [row] = await db.query<TotpRow>(
      'SELECT totp_secret, totp_enabled_at IS NOT NULL AS totp_enabled FROM admin_accounts WHERE id = $1',
      [accountId],
    )
    if (!row) throw new ApiError(401, 'This account no longer exists.')
    return row
  }

  app.post('/totp/setup', async (request): Promise<TotpSetup> => {
    const { accountId, email } = request.admin
    const secret = newTotpSecret()
    // Only while off: a second setup replaces a waiting key, never one in use.
    const stored = await db.query(
      'UPDATE admin_accounts SET totp_secret = $2, totp_last_step = NULL WHERE id = $1 AND totp_enabled_at IS NULL RETURNING 1',
      [accountId, secret],
    )
    if (stored.length === 0) throw new ApiError(409, ALREADY_ON)
    const otpauthUrl = totpUrl(secret, email, request.hostname)
    const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
    return { secret, otpauthUrl, qrSvg }
  })

  app.post('/totp/enable', { schema: { body: totpEnableSchema } }, async (request): Promise<TotpEnabled> => {
    const { code } = request.body
    const { accountId, email } = request.admin
    const account = await totpOf(accountId)
    if (account.totp_enabled) throw new ApiError(409, ALREADY_ON)
    if (account.totp_secret === null)
      throw new ApiError(409, 'Set up two-factor sign-in first: there is no key waiting for its first code.')
    await throttle.check(email, request.ip)
    const step = totpStep(account.totp_secret, code)
    if (step === undefined) {
      await throttle.failed(email, request.ip)
      throw new ApiError(
        400,
        'That code is not right: check the app shows this account, and that the phone’s clock is right.',
      )
    }
    const backupCodes = newBackupCodes()
    await db.transaction(async (tx) => {
      // The key must still be the one the code was checked against: a setup in another tab may have replaced it.
      const enabled = await tx.query(
        `UPDATE admin_accounts SET totp_enabled_at = now(), totp_last_step = $3
         WHERE id = $1 AND totp_secret = $2 AND totp_enabled_at IS NULL RETURNING 1`,
        [accountId, account.totp_secret, step],
      )
      if (enabled.length === 0)
        throw new ApiError(409, 'The key changed while this was open: set up two-factor sign-in again.')
      await storeBackupCodes(tx, accountId, backupCodes)
      // Anyone else signed in with only the password is signed out.
      await endAccountSessions(tx, accountId, sessionCookieOf(request))
      await recordAudit(tx, { actor: email, action: 'totp.enable' })
    })
    return { backupCodes }
  })

  app.post('/totp/disable', { schema: { body: totpDisableSchema } }, async (request, reply) => {
    // The second factor itself, never the password: a session taken over (a
    // machine left signed in) must not be enough to remove it.
    const { code } = request.body
    const { accountId, email } = request.admin
    const account = await totpOf(accountId)
    if (!account.totp_enabled || account.totp_secret === null) throw new ApiError(409, 'Two-factor sign-in is not on.')
    await throttle.check(email, request.ip)
    const right = /^\d{6}$/.test(code)
      ? await useTotpCode(db, accountId, account.totp_secret, code)
      : await useBackupCode(db, accountId, code)
    if (!right) {
      await throttle.failed(email, request.ip)
      throw new ApiError(
        400,
        'That code is not right, or was already used: enter the current code, or an unused backup code.',
      )
    }
    await db.transaction(async (tx) => {
      await tx.query(
        'UPDATE admin_accounts SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1',
        [accountId],
      )
      await tx.query('DELETE FROM admin_backup_codes WHERE account_id = $1', [accountId])
      // A change to how the account signs in ends every other session, as turning it on does.
      await endAccountSessions(tx, accountId, sessionCookieOf(request))
      await recordAudit(tx, { actor: email, action: 'totp.disable' })
    })
    return reply.code(204).send()
  })
}
