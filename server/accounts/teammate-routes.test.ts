import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SETUP_LINK_EXPIRED,
  SETUP_LINK_UNKNOWN,
  SETUP_LINK_USED,
  type SetupDone,
  type TeamList,
  type TeammateAdded,
} from '../../common/account-api.ts'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { closeAdminApp, openAdminApp, signIn, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { SESSION_COOKIE } from './sessions.ts'

const OWNER = 'owner@example.com'
const MEMBER = 'member@example.com'
const PASSWORD = 'correct horse battery'
const CHOSEN = 'the teammate’s own password'

let temp: TempDatabase
let app: FastifyInstance
beforeAll(async () => {
  ;({ temp, app } = await openAdminApp([OWNER, MEMBER], PASSWORD))
})
afterAll(() => closeAdminApp({ temp, app }))

const call = (session: SignedIn, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  app.inject({
    method,
    url: `${ADMIN_API_PATH}${path}`,
    headers: { cookie: session.cookie, ...(method === 'GET' ? {} : { [CSRF_HEADER]: session.csrfToken }) },
    ...(payload === undefined ? {} : { payload }),
  })
const open = (path: string, payload: object) => app.inject({ method: 'POST', url: `${ADMIN_API_PATH}${path}`, payload })
const sessionStatus = async (cookie: string) =>
  (await app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie } })).statusCode
const actions = async () =>
  (await temp.db.query<{ action: string }>('SELECT action FROM admin_audit ORDER BY id')).map((row) => row.action)

describe(`teammates on ${DATABASE_TARGET}`, () => {
  it('makes the first account the owner and the next a member', async () => {
    const owner = await signIn(app, OWNER, PASSWORD)
    const team = (await call(owner, 'GET', '/teammates')).json<TeamList>()
    expect(team.canManage).toBe(true)
    expect(team.teammates.map(({ email, role, state, you }) => ({ email, role, state, you }))).toEqual([
      { email: OWNER, role: 'owner', state: 'active', you: true },
      { email: MEMBER, role: 'member', state: 'active', you: false },
    ])
    const member = await signIn(app, MEMBER, PASSWORD)
    expect((await call(member, 'GET', '/teammates')).json<TeamList>().canManage).toBe(false)
  })

  it('lets the owner add a teammate, who sets a password through the link once, is signed in, and can sign in with it', async () => {
    const owner = await signIn(app, OWNER, PASSWORD)
    const added = await call(owner, 'POST', '/teammates', { email: ' New.Mate@Example.com ' })
    expect(added.statusCode).toBe(201)
    const { teammate, setupToken, expiresAt } = added.json<TeammateAdded>()
    expect(teammate).toMatchObject({ email: 'new.mate@example.com', role: 'member', state: 'pending' })
    expect(setupToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000)
    // Only its digest is stored; no password yet, so no sign-in.
    const stored = await temp.db.query<{ token_hash: Uint8Array }>('SELECT token_hash FROM admin_setup_tokens')
    expect(stored.map((row) => Buffer.from(row.token_hash).toString('base64url'))).not.toContain(setupToken)
    await expect(signIn(app, 'new.mate@example.com', '')).rejects.toThrow(/400/)
    await expect(signIn(app, 'new.mate@example.com', 'anything at all here')).rejects.toThrow(/401/)
    expect((await call(owner, 'POST', '/teammates', { email: 'NEW.MATE@example.com' })).statusCode).toBe(409)

    const info = await open('/setup-link', { token: setupToken })
    expect(info.statusCode).toBe(200)
    expect(info.json()).toMatchObject({ email: 'new.mate@example.com' })
    expect((await open('/setup-link/password', { token: setupToken, password: 'short' })).statusCode).toBe(400)

    const done = await open('/setup-link/password', { token: setupToken, password: CHOSEN })
    expect(done.statusCode).toBe(200)
    const { session } = done.json<SetupDone>()
    expect(session?.email).toBe('new.mate@example.com')
    const cookie = done.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
    expect(await sessionStatus(`${SESSION_COOKIE}=${cookie?.value}`)).toBe(200)
    await signIn(app, 'new.mate@example.com', CHOSEN)

    // Used once, the link sets nothing again.
    const again = await open('/setup-link/password', { token: setupToken, password: 'someone else’s password' })
    expect(again.statusCode).toBe(410)
    expect(again.json()).toMatchObject({ error: SETUP_LINK_USED })
    expect((await open('/setup-link', { token: setupToken })).json()).toMatchObject({ error: SETUP_LINK_USED })
    await signIn(app, 'new.mate@example.com', CHOSEN)
    expect(await actions()).toEqual(expect.arrayContaining(['account.add', 'account.setup']))
  })

  it('refuses an unknown token, a malformed one and one past its 24 hours', async () => {
    const owner = await signIn(app, OWNER, PASSWORD)
    const unknown = await open('/setup-link/password', { token: 'A'.repeat(43), password: CHOSEN })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ error: SETUP_LINK_UNKNOWN })
    expect((await open('/setup-link', { token: 'short' })).statusCode).toBe(400)

    const { setupToken } = (
      await call(owner, 'POST', '/teammates', { email: 'late@example.com' })
    ).json<TeammateAdded>()
    await temp.db.query("UPDATE admin_setup_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")
    const expired = await open('/setup-link/password', { token: setupToken, password: CHOSEN })
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toMatchObject({ error: SETUP_LINK_EXPIRED, message: expect.stringMatching(/expired/) })
    await expect(signIn(app, 'late@example.com', CHOSEN)).rejects.toThrow(/401/)
  })

  it('forbids a member to add or remove, with a message', async () => {
    const member = await signIn(app, MEMBER, PASSWORD)
    const add = await call(member, 'POST', '/teammates', { email: 'sneaky@example.com' })
    expect(add.statusCode).toBe(403)
    expect(add.json()).toMatchObject({ message: 'Only the inbox’s owner can add or remove teammates.' })
    const [owner] = await temp.db.query<{ id: number | string }>("SELECT id FROM admin_accounts WHERE role = 'owner'")
    expect((await call(member, 'DELETE', `/teammates/${owner?.id}`)).statusCode).toBe(403)
    expect(await temp.db.query("SELECT 1 FROM admin_accounts WHERE email = 'sneaky@example.com'")).toEqual([])
  })

  it('lets the owner remove a teammate, ending their sessions, but not themself', async () => {
    const owner = await signIn(app, OWNER, PASSWORD)
    const member = await signIn(app, MEMBER, PASSWORD)
    const team = (await call(owner, 'GET', '/teammates')).json<TeamList>()
    const mine = team.teammates.find((teammate) => teammate.you)
    const theirs = team.teammates.find((teammate) => teammate.email === MEMBER)
    const self = await call(owner, 'DELETE', `/teammates/${mine?.id}`)
    expect(self.statusCode).toBe(409)
    expect(self.json<{ message: string }>().message).toMatch(/your own account/)
    // Without the CSRF token, nothing.
    const forged = await app.inject({
      method: 'DELETE',
      url: `${ADMIN_API_PATH}/teammates/${theirs?.id}`,
      headers: { cookie: owner.cookie },
    })
    expect(forged.statusCode).toBe(403)

    expect((await call(owner, 'DELETE', `/teammates/${theirs?.id}`)).statusCode).toBe(204)
    expect(await sessionStatus(member.cookie)).toBe(401)
    await expect(signIn(app, MEMBER, PASSWORD)).rejects.toThrow(/401/)
    expect((await call(owner, 'DELETE', `/teammates/${theirs?.id}`)).statusCode).toBe(404)
    expect(await sessionStatus(owner.cookie)).toBe(200)
    const [audit] = await temp.db.query<{ actor_email: string; detail: { email: string } }>(
      "SELECT actor_email, detail FROM admin_audit WHERE action = 'account.remove'",
    )
    expect(audit).toEqual({ actor_email: OWNER, detail: { email: MEMBER } })
  })
})
