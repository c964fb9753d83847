import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { closeAdminApp, openAdminApp, signIn, type AdminApp, type SignedIn } from './admin-session.ts'

/** The account useSignedInInbox opens the app with and signs in as. */
export const OWNER = 'owner@example.com'
export const PASSWORD = 'correct horse battery'

export interface SignedInInbox extends AdminApp {
  session: SignedIn
}

/**
 * The suite's app and database, with OWNER signed in, opened before its tests
 * and closed after them; `opened` is told them, then runs whatever the suite
 * stores first. `env` adds settings, as for openAdminApp.
 */
export function useSignedInInbox(
  opened: (inbox: SignedInInbox) => Promise<void> | void = () => undefined,
  env: Record<string, string> = {},
) {
  // Kept apart from the sign-in, so that afterAll still closes an app whose sign-in failed.
  let admin: AdminApp | undefined
  let inbox: SignedInInbox | undefined
  const current = () => {
    if (!inbox) throw new Error('The inbox is opened and signed in in beforeAll')
    return inbox
  }
  beforeAll(async () => {
    admin = await openAdminApp([OWNER], PASSWORD, env)
    inbox = { ...admin, session: await signIn(admin.app, OWNER, PASSWORD) }
    await opened(inbox)
  })
  afterAll(async () => {
    if (admin) await closeAdminApp(admin)
  })
  /** A request as the signed-in inbox makes it: the session cookie, and the CSRF token on changes. */
  const call = (method: InjectOptions['method'], path: string, payload?: object) => {
    const { app, session } = current()
    return app.inject({
      method,
      url: `${ADMIN_API_PATH}${path}`,
      headers: { cookie: session.cookie, ...(method === 'GET' ? {} : { [CSRF_HEADER]: session.csrfToken }) },
      ...(payload === undefined ? {} : { payload }),
    })
  }
  return { call, get: (path: string) => call('GET', path) }
}
