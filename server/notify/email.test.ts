import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { dnsCache } from 'nodemailer/lib/shared'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicationForm } from '../../common/application-form.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { emailPart } from '../testing/email-message.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { startPlainSmtp } from '../testing/plain-smtp.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { channelsFor } from './channels.ts'
import { startNotifier } from './notifier.ts'

const temp = useTempDatabase()

interface Received {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on loopback that wants a password, refuses the first message for now (451), and keeps the rest. */
async function startSmtp() {
  const messages: Received[] = []
  let refused = 0
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'p@ss word') callback(null, { user: auth.username })
      else callback(new Error('wrong credentials'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refused === 0) {
          refused++
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }))
          return
        }
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
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const log = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe(`email notifications on ${DATABASE_TARGET}`, () => {
  it('sends a plain-text and an HTML email per lead through SMTP_URL, with the answers escaped in the HTML, retrying a refusal', async () => {
    const smtp = await startSmtp()
    const notifier = startNotifier({
      db: temp.db,
      channels: channelsFor(
        parseConfig({
          SMTP_URL: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${smtp.port}`,
          LEAD_EMAIL_TO: 'sales@brandscale.example, owner@brandscale.example',
          LEAD_EMAIL_FROM: 'leads@brandscale.example',
        }).notifications,
      ),
      log,
      pollMs: 20,
      retryDelaysMs: [50],
    })
    const hostile = '<script>alert("x")</script> & <b>bold</b>'
    try {
      await insertApplication(temp.db, { spam: true })
      const lead = await insertApplication(temp.db, { answers: { name: 'Ada Lovelace', business: hostile } })
      for (let round = 0; round < 500 && smtp.messages.length === 0; round++) await sleep(20)
      await sleep(200)
      expect(smtp.messages).toHaveLength(1)
      const [message] = smtp.messages
      if (!message) throw new Error('no message')
      expect(message.from).toBe('leads@brandscale.example')
      expect(message.to).toEqual(['sales@brandscale.example', 'owner@brandscale.example'])
      expect(message.raw).toMatch(/^Subject: New application: Ada Lovelace\r$/m)

      const html = emailPart(message.raw, 'text/html')
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;')
      expect(html).not.toContain('<script>')
      expect(html).not.toContain('<b>bold')
      for (const field of applicationForm) expect(html).toContain(field.label)

      const text = emailPart(message.raw, 'text/plain')
      expect(text).toContain(hostile)
      expect(text).toContain(`Application #${lead}`)

      const attempts = await temp.db.query<{ error: string | null }>(
        `SELECT a.error FROM lead_delivery_attempts a JOIN lead_deliveries d ON d.id = a.delivery_id WHERE d.application_id = $1 ORDER BY a.id`,
        [lead],
      )
      expect(attempts).toEqual([{ error: expect.stringContaining('451') }, { error: null }])
    } finally {
      await notifier.stop()
      await smtp.close()
    }
  })

  describe('to a server that offers no STARTTLS', () => {
    const password = 'p@ss word'
    const auth = `mailer:${encodeURIComponent(password)}`
    // A name that is not loopback, which nodemailer is told resolves to the test server: the
    // rule is decided on the name in SMTP_URL, as it would be for a real mail host.
    const relay = 'smtp.relay.test'

    /** Sends one lead through `url`; resolves once its delivery is settled, with what the database kept. */
    async function sendOne(url: string) {
      const notifier = startNotifier({
        db: temp.db,
        channels: channelsFor(
          parseConfig({
            SMTP_URL: url,
            LEAD_EMAIL_TO: 'sales@brandscale.example',
            LEAD_EMAIL_FROM: 'leads@brandscale.example',
          }).notifications,
        ),
        log,
        pollMs: 20,
        retryDelaysMs: [50],
      })
      try {
        const lead = await insertApplication(temp.db, { answers: { name: 'Grace Hopper' } })
        for (let round = 0; round < 500; round++) {
          const rows = await temp.db.query<{ state: string }>(
            'SELECT state FROM lead_deliveries WHERE application_id = $1',
            [lead],
          )
          if (rows.length > 0 && rows.every((row) => row.state !== 'pending')) break
          await sleep(20)
        }
        const deliveries = await temp.db.query<{ state: string; attempts: number }>(
          'SELECT state, attempts FROM lead_deliveries WHERE application_id = $1',
          [lead],
        )
        const attempts = await temp.db.query<{ error: string | null }>(
          'SELECT a.error FROM lead_delivery_attempts a JOIN lead_deliveries d ON d.id = a.delivery_id WHERE d.application_id = $1 ORDER BY a.id',
          [lead],
        )
        return { deliveries, attempts }
      } finally {
        await notifier.stop()
      }
    }

    beforeAll(() => {
      dnsCache.set(relay, { value: { addresses: ['127.0.0.1'] } })
    })
    afterAll(() => {
      dnsCache.delete(relay)
    })

    it('sends nothing to a host that is not loopback: no password, no lead, and the delivery fails saying why', async () => {
      const smtp = await startPlainSmtp({ user: 'mailer', password })
      try {
        const { deliveries, attempts } = await sendOne(`smtp://${auth}@${relay}:${smtp.port}`)
        expect(deliveries).toEqual([{ state: 'failed', attempts: 2 }])
        expect(attempts).toEqual([
          { error: expect.stringMatching(/did not accept STARTTLS.*nothing was sent.*\?tls=optional/) },
          { error: expect.stringMatching(/did not accept STARTTLS/) },
        ])
        expect(smtp.messages).toEqual([])
        expect(smtp.logins).toEqual([])
        const wire = smtp.wire()
        expect(wire).toMatch(/^STARTTLS\r$/m)
        expect(wire).not.toMatch(/AUTH|MAIL FROM|RCPT|DATA/i)
        for (const secret of [
          password,
          encodeURIComponent(password),
          Buffer.from(`\0mailer\0${password}`).toString('base64'),
          Buffer.from(password).toString('base64'),
          'Grace Hopper',
        ]) {
          expect(wire).not.toContain(secret)
        }
      } finally {
        await smtp.close()
      }
    })

    it('sends in cleartext to that host when SMTP_URL says ?tls=optional', async () => {
      const smtp = await startPlainSmtp({ user: 'mailer', password })
      try {
        const { deliveries } = await sendOne(`smtp://${auth}@${relay}:${smtp.port}/?tls=optional`)
        expect(deliveries).toEqual([{ state: 'delivered', attempts: 1 }])
        expect(smtp.logins).toEqual(['mailer'])
        expect(smtp.messages).toEqual([
          expect.objectContaining({ to: ['sales@brandscale.example'], raw: expect.stringContaining('Grace Hopper') }),
        ])
      } finally {
        await smtp.close()
      }
    })

    it('sends in cleartext to a loopback host, named or not, unless SMTP_URL says ?tls=required', async () => {
      const smtp = await startPlainSmtp({ user: 'mailer', password })
      try {
        for (const host of ['localhost', '127.0.0.1']) {
          expect((await sendOne(`smtp://${auth}@${host}:${smtp.port}`)).deliveries, host).toEqual([
            { state: 'delivered', attempts: 1 },
          ])
        }
        expect(smtp.messages).toHaveLength(2)
        const required = await sendOne(`smtp://${auth}@127.0.0.1:${smtp.port}?tls=required`)
        expect(required.deliveries).toEqual([{ state: 'failed', attempts: 2 }])
        expect(smtp.messages).toHaveLength(2)
        expect(smtp.logins).toEqual(['mailer', 'mailer'])
      } finally {
        await smtp.close()
      }
    })
  })

  it('needs SMTP_URL, LEAD_EMAIL_TO and LEAD_EMAIL_FROM together, and names a bad one without repeating the password', () => {
    expect(() => parseConfig({ SMTP_URL: 'smtp://u:hunter22@mail.example' })).toThrow(
      /LEAD_EMAIL_TO: is needed[\s\S]*LEAD_EMAIL_FROM: is needed/,
    )
    const bad = {
      SMTP_URL: 'http://u:hunter22@mail.example',
      LEAD_EMAIL_TO: 'sales@x.example',
      LEAD_EMAIL_FROM: 'leads@x.example',
    }
    expect(() => parseConfig(bad)).toThrow(/SMTP_URL: must be/)
    expect(() => parseConfig(bad)).not.toThrow(/hunter22/)
    expect(() => parseConfig({ ...bad, SMTP_URL: 'smtps://mail.example', LEAD_EMAIL_TO: 'not an address' })).toThrow(
      /LEAD_EMAIL_TO: must be/,
    )
    expect(parseConfig({ ...bad, SMTP_URL: 'smtps://u:p@mail.example' }).notifications.email).toEqual({
      smtpUrl: 'smtps://u:p@mail.example',
      to: ['sales@x.example'],
      from: 'leads@x.example',
      bookings: false,
    })
    expect(
      parseConfig({ ...bad, SMTP_URL: 'smtps://u:p@mail.example', LEAD_EMAIL_BOOKINGS: 'true' }).notifications.email
        ?.bookings,
    ).toBe(true)
    expect(() => parseConfig({ LEAD_EMAIL_BOOKINGS: 'yes' })).toThrow(/LEAD_EMAIL_BOOKINGS/)
  })
})
