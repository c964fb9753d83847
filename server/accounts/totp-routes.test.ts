import type { FastifyInstance } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import {
  BACKUP_CODE_COUNT,
  TOTP_REQUIRED,
  type AdminSession,
  type TotpEnabled,
  type TotpSetup,
} from '../../common/session-api.ts'
import { closeAdminApp, openAdminApp, signIn, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

const PASSWORD = 'correct horse battery'
const EMAIL = 'two-factor@example.com'
const STEP_MS = 30_000

let temp: TempDatabase
let app: FastifyInstance
beforeAll(async () => {
  ;({ temp, app } = await openAdminApp([EMAIL], PASSWORD))
})
afterAll(() => closeAdminApp({ temp, app }))

const post = (path: string, session: SignedIn, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}${path}`,
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
    ...(payload === undefined ? {} : { payload }),
  })
const signInAnswer = (payload: object) =>
  app.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}/session`,
    payload: { email: EMAIL, password: PASSWORD, ...payload },
  })
const codeAt = (secret: string, offsetSteps: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * STEP_MS })

// Codes a step apart are made and checked a few milliseconds apart: not across a step's end.
async function awayFromStepEnd() {
  const left = TOTP.remaining()
  if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

describe(`two-factor sign-in on ${DATABASE_TARGET}`, () => {
  let secret = ''
  let backupCodes: string[] = []

  it('sets up a key with its otpauth URL and an SVG QR code, and turns it on with a code from the app', async () => {
    const session = await signIn(app, EMAIL, PASSWORD)
    const setup = await post('/totp/setup', session)
    expect(setup.statusCode).toBe(200)
    const body = setup.json<TotpSetup>()
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(new URL(body.otpauthUrl).protocol).toBe('otpauth:')
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`)
    expect(body.otpauthUrl).toContain(encodeURIComponent(EMAIL))
    expect(body.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(body.qrSvg).not.toMatch(/<script/i)
    secret = body.secret

    // Not on until a code proves the app has the key.
    expect((await getSession(session)).totpEnabled).toBe(false)
    const wrong = await post('/totp/enable', session, { code: '000000' === codeAt(secret, 0) ? '111111' : '000000' })
    expect(wrong.statusCode).toBe(400)

    await awayFromStepEnd()
    const enabled = await post('/totp/enable', session, { code: codeAt(secret, -1) })
    expect(enabled.statusCode).toBe(200)
    backupCodes = enabled.json<TotpEnabled>().backupCodes
    expect(backupCodes).toHaveLength(BACKUP_CODE_COUNT)
    expect(new Set(backupCodes).size).toBe(BACKUP_CODE_COUNT)
    expect((await getSession(session)).totpEnabled).toBe(true)

    // Only digests are kept.
    const stored = await temp.db.query<{ code_hash: Uint8Array }>('SELECT code_hash FROM admin_backup_codes')
    expect(stored).toHaveLength(BACKUP_CODE_COUNT)
    expect(stored.map((row) => Buffer.from(row.code_hash).toString())).not.toContain(backupCodes[0])

    // A second setup would replace the key in use.
    expect((await post('/totp/setup', session)).statusCode).toBe(409)
  })

  it('asks for the code only once the password is right', async () => {
    const missing = await signInAnswer({})
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toMatchObject({ error: TOTP_REQUIRED })
    expect(missing.cookies).toEqual([])

    const wrongPassword = await signInAnswer({ password: 'not the password' })
    expect(wrongPassword.statusCode).toBe(401)
    expect(wrongPassword.json()).toMatchObject({ error: 'Unauthorized' })
  })

  it('refuses a wrong code, takes the right one once, and the next step’s code after it', async () => {
    await awayFromStepEnd()
    const current = codeAt(secret, 0)
    const wrong = await signInAnswer({ code: current === '123456' ? '654321' : '123456' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ error: TOTP_REQUIRED })

    expect((await signInAnswer({ code: current })).statusCode).toBe(200)
    // Seen once (over a shoulder, through a phishing proxy), it is spent.
    const replay = await signInAnswer({ code: current })
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ error: TOTP_REQUIRED })

    const signedIn = await signInAnswer({ code: codeAt(secret, 1) })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json<AdminSession>().totpEnabled).toBe(true)
  })

  it('takes a backup code once, however it is typed', async () => {
    const code = backupCodes[0] ?? ''
    expect((await signInAnswer({ code: ` ${code.toUpperCase().replace('-', ' ')} ` })).statusCode).toBe(200)
    const again = await signInAnswer({ code })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toMatchObject({ error: TOTP_REQUIRED })
    expect((await signInAnswer({ code: backupCodes[1] ?? '' })).statusCode).toBe(200)
    const factors = await temp.db.query<{ factor: string }>(
      "SELECT detail->>'factor' AS factor FROM admin_audit WHERE actor_email = $1 AND action = 'sign-in'",
      [EMAIL],
    )
    expect(factors.filter((row) => row.factor === 'backup-code')).toHaveLength(2)
  })

  it('will not turn off with the password alone, nor with a wrong or spent code', async () => {
    const session = await signIn(app, EMAIL, PASSWORD, { code: backupCodes[2] ?? '' })
    await awayFromStepEnd()
    const current = codeAt(secret, 0)
    const refused: [string, object][] = [
      ['the password', { password: PASSWORD }],
      ['the password beside a right code', { password: PASSWORD, code: backupCodes[3] ?? '' }],
      ['nothing', {}],
      ['an empty code', { code: '  ' }],
      ['a wrong code', { code: current === '123456' ? '654321' : '123456' }],
      ['a backup code already used', { code: backupCodes[0] ?? '' }],
      ['a made-up backup code', { code: 'abcde-fghij' }],
    ]
    for (const [label, body] of refused) {
      expect((await post('/totp/disable', session, body)).statusCode, label).toBe(400)
      expect((await getSession(session)).totpEnabled, label).toBe(true)
    }
    // A body the schema refuses never reached the code check: the backup code sent beside the password is still good.
    expect(await temp.db.query('SELECT 1 FROM admin_backup_codes')).toHaveLength(BACKUP_CODE_COUNT - 3)
  })

  it('turns off with a backup code, signing out the account’s other sessions; then the password alone signs in', async () => {
    const elsewhere = await signIn(app, EMAIL, PASSWORD, { code: backupCodes[4] ?? '' })
    const here = await signIn(app, EMAIL, PASSWORD, { code: backupCodes[5] ?? '' })
    const disabled = await post('/totp/disable', here, { code: backupCodes[3] ?? '' })
    expect(disabled.statusCode).toBe(204)
    expect((await getSession(here)).totpEnabled).toBe(false)
    const other = await app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie: elsewhere.cookie } })
    expect(other.statusCode).toBe(401)
    expect((await signInAnswer({})).statusCode).toBe(200)
    expect(await temp.db.query('SELECT 1 FROM admin_backup_codes')).toEqual([])

    const actions = await temp.db.query<{ action: string }>('SELECT action FROM admin_audit WHERE actor_email = $1', [
      EMAIL,
    ])
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['totp.enable', 'totp.disable']))
  })

  it('signs out every other session when it is turned on', async () => {
    const elsewhere = await signIn(app, EMAIL, PASSWORD)
    const here = await signIn(app, EMAIL, PASSWORD)
    secret = (await post('/totp/setup', here)).json<TotpSetup>().secret
    await awayFromStepEnd()
    const enabled = await post('/totp/enable', here, { code: codeAt(secret, 0) })
    expect(enabled.statusCode).toBe(200)
    backupCodes = enabled.json<TotpEnabled>().backupCodes
    const other = await app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie: elsewhere.cookie } })
    expect(other.statusCode).toBe(401)
    expect((await getSession(here)).totpEnabled).toBe(true)
  })

  it('turns off with the app’s current code, signing out the account’s other sessions and keeping this one', async () => {
    const elsewhere = await signIn(app, EMAIL, PASSWORD, { code: backupCodes[0] ?? '' })
    const here = await signIn(app, EMAIL, PASSWORD, { code: backupCodes[1] ?? '' })
    await awayFromStepEnd()
    // The step the enrolment used is spent; the app's next one is not.
    expect((await post('/totp/disable', here, { code: codeAt(secret, 0) })).statusCode).toBe(400)
    expect((await post('/totp/disable', here, { code: codeAt(secret, 1) })).statusCode).toBe(204)
    expect((await getSession(here)).totpEnabled).toBe(false)
    const other = await app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie: elsewhere.cookie } })
    expect(other.statusCode).toBe(401)
  })
})

async function getSession(session: SignedIn) {
  const response = await app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie: session.cookie } })
  expect(response.statusCode).toBe(200)
  return response.json<AdminSession>()
}
