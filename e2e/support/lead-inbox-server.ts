/**
 * The lead inbox of an e2e run (see lead-inbox.ts): a real webhook receiver
 * that checks signatures as a customer's would, with the standardwebhooks
 * library, and a real SMTP server. Playwright runs it as a web server of its
 * own, ready before the server under test starts, and stops it at the end.
 */
import { createServer } from 'node:http'
import { SMTPServer } from 'smtp-server'
import { Webhook } from 'standardwebhooks'
import { SMTP_PASSWORD, SMTP_USER, leadInbox, type ReceivedLeads } from './lead-inbox.ts'

const settings = leadInbox()
const webhook = new Webhook(settings.webhookSecret)
const received: ReceivedLeads = { webhooks: [], emails: [] }

const http = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    if (request.method === 'GET' && request.url === '/received') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received))
      return
    }
    if (request.method !== 'POST' || request.url !== '/leads') {
      response.writeHead(404).end()
      return
    }
    const body = Buffer.concat(chunks).toString('utf8')
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
    )
    let verified = true
    try {
      webhook.verify(body, headers)
    } catch {
      verified = false
    }
    // Kept either way, so a test sees a bad signature rather than waiting for a webhook that never comes.
    received.webhooks.push({ headers, body, verified })
    response.writeHead(verified ? 204 : 400).end()
  })
})

const smtp = new SMTPServer({
  // Plain text on loopback; nodemailer would otherwise want a certificate it trusts.
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username })
    else callback(new Error('wrong credentials'))
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      received.emails.push({
        from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

let listening = false
smtp.on('error', (error: Error) => {
  // A client's broken connection is reported here too; only a failed listen ends the inbox.
  if (listening) return
  console.error(`the lead inbox's SMTP server cannot listen on ${settings.smtpPort}:`, error)
  process.exit(1)
})
// SMTP first: Playwright takes the HTTP port answering as the sign that both are ready.
smtp.listen(settings.smtpPort, '127.0.0.1', () => {
  listening = true
  http.listen(settings.httpPort, '127.0.0.1')
})
