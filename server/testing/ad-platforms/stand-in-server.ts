import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface StandInRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The body read as JSON, or as a form when it is one; undefined when neither. */
  body: unknown
  at: number
}

/** How a stand-in answers: a status and a JSON body, or no answer at all (a platform that stalls). */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'stall'

export const SEVEN_DAYS_S = 7 * 86_400
// Clocks a few seconds apart are not "the future": the platforms allow a little skew too.
export const SKEW_S = 60

export const isSha256Hex = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readBody(text: string, type: string | undefined): unknown {
  if (type?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * An HTTP server on loopback standing in for an ad platform: every request is
 * kept (`requests`), and `handle` decides each answer from the platform's
 * documented contract (at once, or later: a platform that holds a request).
 */
export async function startStandIn(handle: (request: StandInRequest) => Reply | Promise<Reply>) {
  const requests: StandInRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const request = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: readBody(Buffer.concat(chunks).toString('utf8'), req.headers['content-type']),
        at: Date.now(),
      }
      requests.push(request)
      void Promise.resolve(handle(request)).then((reply) => {
        if (reply === 'stall') return
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Answers told in advance, each used by one request in turn, before the contract is checked. */
export class ToldAnswers<Kind> {
  readonly #queue: Kind[] = []
  /** The next `times` requests are answered as `kind`. */
  answer(kind: Kind, times = 1) {
    for (let count = 0; count < times; count++) this.#queue.push(kind)
  }
  next(): Kind | undefined {
    return this.#queue.shift()
  }
}
