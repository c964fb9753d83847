import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest, onRequestHookHandler } from 'fastify'
import { CSRF_HEADER } from '../../common/admin-api.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import './admin-request.ts'
import { findSession, SESSION_COOKIE, type SessionAccount } from './sessions.ts'

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const sessions = new WeakMap<FastifyRequest, SessionAccount>()

/** The session the guard found for a request behind it. */
export function sessionOf(request: FastifyRequest): SessionAccount {
  const session = sessions.get(request)
  if (!session) throw new Error('sessionOf() outside the session guard')
  return session
}

export const sessionCookieOf = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE]

// Digests have one length, so comparing them in constant time tells nothing of the token's.
const digest = (value: string) => createHash('sha256').update(value).digest()
const sameToken = (sent: string | string[] | undefined, expected: string) =>
  typeof sent === 'string' && timingSafeEqual(digest(sent), digest(expected))

/**
 * Lets a request through only with a live session (401 without), and a change
 * only with that session's CSRF token in the CSRF_HEADER (403 without):
 * another site can make a browser send the cookie, but cannot read the token.
 * A session lives `sessionMaxDays` from sign-in at most. Sets request.admin.
 */
export function sessionGuard(db: Database, sessionMaxDays: number): onRequestHookHandler {
  return async (request) => {
    const session = await findSession(db, sessionCookieOf(request), sessionMaxDays)
    if (!session) throw new ApiError(401, 'Not signed in, or the session has ended: sign in again.')
    if (CHANGES.has(request.method) && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) {
      throw new ApiError(
        403,
        `This change lacks the session's CSRF token (the ${CSRF_HEADER} header): reload the inbox and try again.`,
      )
    }
    sessions.set(request, session)
    request.admin = { accountId: session.accountId, email: session.email }
  }
}
