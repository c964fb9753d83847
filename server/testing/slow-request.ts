import { once } from 'node:events'
import { connect } from 'node:net'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'

export interface SlowRequest {
  /** Sends the rest of the body and resolves to everything the server answered once it closed the connection. */
  finish(): Promise<string>
}

/**
 * An application from a visitor on a slow link: the headers and half the body
 * now, the rest when the test says, so the request is in flight for as long as
 * the test needs. Sent on a connection of its own, which the server closes after
 * answering because it is stopping.
 */
export async function startSlowApplication(baseUrl: string, instagram: string): Promise<SlowRequest> {
  const body = JSON.stringify([validAnswers({ instagram })])
  const half = Math.floor(body.length / 2)
  const socket = connect(Number(new URL(baseUrl).port), '127.0.0.1')
  await once(socket, 'connect')
  const closed = once(socket, 'close')
  let response = ''
  socket.setEncoding('utf8').on('data', (chunk: string) => (response += chunk))
  // A server that dies mid-request resets the connection: the answer stays empty, for the test to see.
  socket.on('error', () => undefined)
  socket.write(
    `POST ${CONTACT_SUBMISSIONS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  )
  return {
    async finish() {
      socket.write(body.slice(half))
      await closed
      return response
    },
  }
}
