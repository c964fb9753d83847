import { ADMIN_API_PATH, CSRF_HEADER } from '../../../common/admin-api.ts'

/** An answer other than 2xx: its status, the `error` the server named, and its `message` for people, if any. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    /** The server's explanation (ApiErrorBody.message), written for the person using the inbox. */
    readonly serverMessage?: string,
  ) {
    super(`The server answered ${status}${code ? ` (${code})` : ''}`)
    this.name = 'AdminApiError'
  }
}

interface InboxRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Every change carries the session's token; reads need none. */
  csrfToken?: string
}

/** Calls /api/admin/… with the session cookie and returns the JSON answer (undefined for an empty one). */
export async function inboxFetch<T>(path: string, { method = 'GET', body, csrfToken }: InboxRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (csrfToken) headers[CSRF_HEADER] = csrfToken
  const response = await fetch(`${ADMIN_API_PATH}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return answerOf<T>(response)
}

async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text()
  const json: unknown = text ? JSON.parse(text) : undefined
  if (!response.ok) throw new AdminApiError(response.status, errorCode(json), messageOf(json))
  return json as T
}

// The last answer of each path read live, with its tag. Kept in memory only:
// the inbox's answers are no-store, so no browser cache holds personal data,
// and the page sends If-None-Match itself. A few paths at most are read live at
// once; the oldest are dropped.
const lastAnswers = new Map<string, { tag: string; answer: unknown }>()
const LAST_ANSWERS_KEPT = 20

/**
 * GET /api/admin/… as inboxFetch, asking the server to answer 304 when
 * nothing changed since the last answer (docs/decisions/030-live-inbox.md): that
 * answer is then returned as it was, the same object, so nothing on the page
 * is drawn again.
 */
export async function inboxFetchLive<T>(path: string): Promise<T> {
  const last = lastAnswers.get(path)
  const response = await fetch(`${ADMIN_API_PATH}${path}`, {
    headers: { accept: 'application/json', ...(last ? { 'if-none-match': last.tag } : {}) },
    credentials: 'same-origin',
  })
  if (response.status === 304 && last) return last.answer as T
  const answer = await answerOf<T>(response)
  const tag = response.headers.get('etag')
  lastAnswers.delete(path)
  if (tag) lastAnswers.set(path, { tag, answer })
  if (lastAnswers.size > LAST_ANSWERS_KEPT) lastAnswers.delete(lastAnswers.keys().next().value ?? '')
  return answer
}

/** What one account read is not kept for the next (on signing out). */
export const forgetLastAnswers = () => lastAnswers.clear()

function errorCode(json: unknown) {
  if (typeof json !== 'object' || json === null || !('error' in json)) return undefined
  return typeof json.error === 'string' ? json.error : undefined
}

function messageOf(json: unknown) {
  if (typeof json !== 'object' || json === null || !('message' in json)) return undefined
  return typeof json.message === 'string' ? json.message : undefined
}

export const isUnauthorized = (error: unknown) => error instanceof AdminApiError && error.status === 401
export const isNotFound = (error: unknown) => error instanceof AdminApiError && error.status === 404
