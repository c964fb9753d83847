/** What every platform's sender is given: how long a platform may take to answer, and the clock. */
export interface SenderOptions {
  timeoutMs: number
  now: () => Date
}

/** What a platform answered: its status, its body read as JSON when it is JSON, and its headers. */
export interface PlatformAnswer {
  status: number
  body: unknown
  headers: Headers
}

/** An answer, or why there was none (a timeout, a refused connection): always worth a retry. */
export type Exchange = { answer: PlatformAnswer } | { unanswered: string }

// The platforms' hosts are the operator's own settings, not a lead's input: Node's fetch, no address filter.
async function exchange(url: string, init: RequestInit, timeoutMs: number): Promise<Exchange> {
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
    const text = await response.text()
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = undefined
    }
    return { answer: { status: response.status, body, headers: response.headers } }
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    if (name === 'TimeoutError') return { unanswered: `no answer within ${timeoutMs} ms` }
    return { unanswered: `could not reach the platform: ${error instanceof Error ? error.message : String(error)}` }
  }
}

export const postJson = (url: string, body: unknown, headers: Record<string, string>, timeoutMs: number) =>
  exchange(
    url,
    { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    timeoutMs,
  )

export const postForm = (url: string, fields: Record<string, string>, timeoutMs: number) =>
  exchange(url, { method: 'POST', body: new URLSearchParams(fields) }, timeoutMs)

/** A field of a JSON object, or undefined. */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined
}

/** A field of a JSON object when it is a string that is not empty. */
export function stringField(value: unknown, name: string): string | undefined {
  const found = field(value, name)
  return typeof found === 'string' && found !== '' ? found : undefined
}
