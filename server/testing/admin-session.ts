import type { FastifyInstance } from 'fastify'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import type { AdminSession } from '../../common/session-api.ts'
import { addAccount } from '../accounts/accounts.ts'
import { SESSION_COOKIE } from '../accounts/sessions.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { openTempDatabase, type TempDatabase } from './temp-database.ts'

/** An inbox account, as `npm run admin -- add` makes one; resolves to its lower-cased email. */
export function createAdminAccount(db: Database, email: string, password: string): Promise<string> {
  return addAccount(db, email, password)
}

export interface AdminApp {
  temp: TempDatabase
  app: FastifyInstance
}

/**
 * A fresh database and the app on it, ready, with an inbox account for each of
 * `emails`; `env` adds settings (TRUST_PROXY, ADMIN_SESSION_MAX_DAYS…).
 */
export async function openAdminApp(
  emails: readonly string[],
  password: string,
  env: Record<string, string> = {},
): Promise<AdminApp> {
  const temp = await openTempDatabase()
  const app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent', TIMEZONE: 'UTC', ...env }), db: temp.db })
  await app.ready()
  for (const email of emails) await createAdminAccount(temp.db, email, password)
  return { temp, app }
}

export async function closeAdminApp({ app, temp }: AdminApp): Promise<void> {
  await app.close()
  await temp.dispose()
}

export interface SignedIn {
  /** `name=value`, for a request's cookie header. */
  cookie: string
  /** For the x-csrf-token header (CSRF_HEADER) of a change. */
  csrfToken: string
}

export interface SignInExtras {
  /** A TOTP or backup code, for an account with two-factor sign-in. */
  code?: string
  /**
   * Where the sign-in comes from, for the per-address throttle: a loopback
   * address, as plain HTTP from any other is refused (accounts/secure-transport.ts).
   */
  remoteAddress?: string
}

/** A real sign-in through the app; throws with the answer when it is refused. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  extras: SignInExtras = {},
): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}/session`,
    payload: { email, password, ...(extras.code === undefined ? {} : { code: extras.code }) },
    ...(extras.remoteAddress === undefined ? {} : { remoteAddress: extras.remoteAddress }),
  })
  if (response.statusCode !== 200) throw new Error(`sign-in refused: ${response.statusCode} ${response.body}`)
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
  if (!cookie) throw new Error('sign-in set no session cookie')
  const session = response.json<AdminSession>()
  return { cookie: `${cookie.name}=${cookie.value}`, csrfToken: session.csrfToken }
}
