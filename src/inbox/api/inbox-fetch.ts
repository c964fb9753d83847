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
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
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
  const text = await response.text()
  const json: unknown = text ? JSON.parse(text) : undefined
  if (!response.ok) throw new AdminApiError(response.status, errorCode(json), messageOf(json))
  return json as T
}

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
