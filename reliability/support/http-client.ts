import { Agent, request } from 'node:http'

export interface Reply {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** A keep-alive connection pool of a fixed size, as a load generator needs; `localAddress` picks the client's address. */
export function connectionPool(connections: number, { localAddress }: { localAddress?: string } = {}) {
  return new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, localAddress })
}

export interface SendOptions {
  /** POST unless said otherwise. */
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  agent: Agent
}

// A request with no answer for this long counts as lost.
const TIMEOUT_MS = 15_000

/** One request; resolves with the status and body, or rejects on a network error. */
export function send(baseUrl: string, { method = 'POST', path, headers = {}, body, agent }: SendOptions) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { method, headers, agent, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      )
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('request timed out')))
    req.on('error', reject)
    req.end(body)
  })
}
