import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../common/contact-submission.ts'
import { buildApp } from './app.ts'
import { parseConfig } from './config.ts'
import { failingDatabase } from './testing/temp-database.ts'

const REQUEST_TIMEOUT_MS = 30_000
// Node looks for late requests on a timer: what the deadline may be overrun by.
const SWEEP_ALLOWANCE_MS = 5_000
const TRICKLE_MS = 1_000

let app: FastifyInstance
let port = 0
beforeAll(async () => {
  // The requests never arrive whole, so none reaches a database.
  app = buildApp({
    config: parseConfig({ WEB_ROOT: '/nonexistent' }),
    db: failingDatabase(() => new Error('no database here')),
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP')
  port = address.port
})
afterAll(() => app.close())

interface Trickled {
  /** Everything the server sent before it closed the connection. */
  answer: string
  /** From the first byte sent to the connection's close. */
  elapsedMs: number
}

/** Sends `start` at once, then `rest` one byte a second, until the server closes the connection. */
async function trickle(start: string, rest: string): Promise<Trickled> {
  const socket: Socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let answer = ''
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk))
  // Writing to a connection the server has just closed fails; the test reads the close instead.
  socket.on('error', () => undefined)
  const closed = once(socket, 'close')
  const began = performance.now()
  socket.write(start)
  let sent = 0
  const timer = setInterval(() => {
    if (sent < rest.length && socket.writable) socket.write(rest.charAt(sent++))
  }, TRICKLE_MS)
  try {
    await closed
  } finally {
    clearInterval(timer)
  }
  return { answer, elapsedMs: performance.now() - began }
}

describe('a request sent slowly', () => {
  it(
    'is answered 408 and its connection closed once it has taken 30 s, whether its headers or its body are slow',
    async () => {
      const body = JSON.stringify([{ name: 'x'.repeat(200) }])
      const [slowBody, slowHeaders] = await Promise.all([
        trickle(
          `POST ${CONTACT_SUBMISSIONS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
          body,
        ),
        trickle('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', `X-Slow: ${'a'.repeat(200)}\r\n\r\n`),
      ])
      for (const [label, { answer, elapsedMs }] of Object.entries({ slowBody, slowHeaders })) {
        expect(answer, label).toMatch(/^HTTP\/1\.1 408 /)
        expect(answer.toLowerCase(), label).toContain('connection: close')
        // Never cut before its 30 s, nor long after.
        expect(elapsedMs, label).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100)
        expect(elapsedMs, label).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS + SWEEP_ALLOWANCE_MS)
      }
    },
    // The old limits let a slow body run to 90 s: enough room to see them fail.
    120_000,
  )
})
