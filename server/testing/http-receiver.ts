import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  path: string
  headers: IncomingHttpHeaders
  body: string
  at: number
}

/** How the receiver answers the nth request (0-based); 200 when it returns nothing. */
export type Answer = (index: number, response: ServerResponse, request: ReceivedRequest) => unknown

/**
 * A real HTTP receiver on loopback that keeps every request it gets, for
 * notification tests. `answer` decides each response.
 */
export async function startReceiver(answer: Answer = () => undefined) {
  const requests: ReceivedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      }
      requests.push(request)
      // true: the answer is left hanging (a receiver that never answers).
      if (answer(requests.length - 1, res, request) === true) return
      if (!res.headersSent) res.writeHead(200)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    requests,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
