import { createServer, connect, type AddressInfo, type Socket } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface PlainSmtpMessage {
  from: string
  to: string[]
  raw: string
}

/**
 * A real SMTP server on 127.0.0.1 that offers no STARTTLS and takes a
 * password in the clear, as one on the path that strips STARTTLS would. In
 * front of it a tap keeps every byte the client sends, so a test can tell
 * what crossed the wire, not only what the server accepted.
 */
export async function startPlainSmtp({ user, password }: { user: string; password: string }) {
  const messages: PlainSmtpMessage[] = []
  const logins: string[] = []
  const server = new SMTPServer({
    hideSTARTTLS: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '')
      if (auth.username === user && auth.password === password) callback(null, { user })
      else callback(new Error('wrong credentials'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const smtpPort = (server.server.address() as AddressInfo).port

  const fromClients: Buffer[] = []
  const sockets = new Set<Socket>()
  const tap = createServer((client) => {
    const upstream = connect(smtpPort, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    }
    client.on('data', (chunk: Buffer) => fromClients.push(chunk))
    client.pipe(upstream).on('error', () => client.destroy())
    upstream.pipe(client).on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => tap.listen(0, '127.0.0.1', resolve))

  return {
    /** Where clients connect: the tap. */
    port: (tap.address() as AddressInfo).port,
    messages,
    /** The user name of every AUTH the server saw. */
    logins,
    /** Everything clients sent, as text. */
    wire: () => Buffer.concat(fromClients).toString('latin1'),
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => tap.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
